ALTER TABLE "presupuestos" ADD COLUMN "total_neto_real" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD COLUMN "utilidad" numeric DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD COLUMN "estado" text DEFAULT 'PENDIENTE' NOT NULL;--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD COLUMN "total_neto" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "ordenes_compra_estado_idx" ON "ordenes_compra" USING btree ("estado","numero_oc");--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD CONSTRAINT "ordenes_compra_estado_ck" CHECK ("ordenes_compra"."estado" in ('PENDIENTE', 'COMPLETA'));