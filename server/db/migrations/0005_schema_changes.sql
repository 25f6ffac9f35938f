CREATE TABLE "demostracion" (
	"marca" text PRIMARY KEY NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "recepciones_oc_items_recepcion_idx";--> statement-breakpoint
ALTER TABLE "items_presupuesto" ALTER COLUMN "cantidad" SET DATA TYPE numeric(18, 4);--> statement-breakpoint
ALTER TABLE "pautas" ALTER COLUMN "cantidad" SET DATA TYPE numeric(18, 4);--> statement-breakpoint
ALTER TABLE "pautas" ALTER COLUMN "cantidad_original" SET DATA TYPE numeric(18, 4);--> statement-breakpoint
ALTER TABLE "ajustes_stock" ALTER COLUMN "stock_anterior" SET DATA TYPE numeric(18, 4);--> statement-breakpoint
ALTER TABLE "ajustes_stock" ALTER COLUMN "diferencia" SET DATA TYPE numeric(18, 4);--> statement-breakpoint
ALTER TABLE "ajustes_stock" ALTER COLUMN "stock_nuevo" SET DATA TYPE numeric(18, 4);--> statement-breakpoint
ALTER TABLE "materiales" ALTER COLUMN "stock_minimo" SET DATA TYPE numeric(18, 4);--> statement-breakpoint
ALTER TABLE "materiales" ALTER COLUMN "stock_actual" SET DATA TYPE numeric(18, 4);--> statement-breakpoint
ALTER TABLE "movimientos_stock" ALTER COLUMN "cantidad" SET DATA TYPE numeric(18, 4);--> statement-breakpoint
ALTER TABLE "movimientos_stock" ALTER COLUMN "saldo" SET DATA TYPE numeric(18, 4);--> statement-breakpoint
ALTER TABLE "salidas_inventario" ALTER COLUMN "cantidad" SET DATA TYPE numeric(18, 4);--> statement-breakpoint
ALTER TABLE "solicitudes_bodega" ALTER COLUMN "cantidad" SET DATA TYPE numeric(18, 4);--> statement-breakpoint
ALTER TABLE "items_oc" ALTER COLUMN "cantidad" SET DATA TYPE numeric(18, 4);--> statement-breakpoint
ALTER TABLE "items_oc" ALTER COLUMN "cantidad_llegada" SET DATA TYPE numeric(18, 4);--> statement-breakpoint
ALTER TABLE "recepciones_oc_items" ALTER COLUMN "cantidad_anterior" SET DATA TYPE numeric(18, 4);--> statement-breakpoint
ALTER TABLE "recepciones_oc_items" ALTER COLUMN "cantidad_llegada" SET DATA TYPE numeric(18, 4);--> statement-breakpoint
ALTER TABLE "recepciones_oc_items" ALTER COLUMN "diferencia" SET DATA TYPE numeric(18, 4);--> statement-breakpoint
ALTER TABLE "idempotencia" ADD COLUMN "huella" text;--> statement-breakpoint
CREATE UNIQUE INDEX "recepciones_oc_items_recepcion_item_uq" ON "recepciones_oc_items" USING btree ("recepcion_id","item_id");