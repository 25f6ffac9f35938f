CREATE TABLE "facturas_sii" (
	"factura_id" integer PRIMARY KEY NOT NULL,
	"fecha_recepcion_sii" date,
	"fecha_acuse" date,
	"decision" text,
	"motivo" text,
	"comentario" text,
	"origen" text,
	"decidido_por_id" integer,
	"decidido_en" timestamp with time zone,
	CONSTRAINT "facturas_sii_motivo_ck" CHECK ("facturas_sii"."motivo" is null or "facturas_sii"."decision" = 'reclamada')
);
--> statement-breakpoint
CREATE TABLE "rcv_filas" (
	"id" serial PRIMARY KEY NOT NULL,
	"importacion_id" integer NOT NULL,
	"resultado" text NOT NULL,
	"linea" integer,
	"tipo_doc" integer NOT NULL,
	"tipo_compra" text,
	"rut_proveedor" text NOT NULL,
	"razon_social" text NOT NULL,
	"folio" text NOT NULL,
	"fecha_docto" date,
	"fecha_recepcion" date,
	"fecha_acuse" date,
	"monto_exento" bigint,
	"monto_neto" bigint,
	"iva_recuperable" bigint,
	"iva_no_recuperable" bigint,
	"monto_total" bigint,
	"factura_id" integer,
	"ventanal_neto" bigint,
	"ventanal_iva" bigint,
	"ventanal_total" bigint,
	"ventanal_fecha" date,
	"diferencias" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cambio" text
);
--> statement-breakpoint
CREATE TABLE "rcv_importaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"periodo" text NOT NULL,
	"registro" text NOT NULL,
	"nombre_archivo" text NOT NULL,
	"hash" text NOT NULL,
	"filas" integer NOT NULL,
	"coinciden" integer DEFAULT 0 NOT NULL,
	"con_diferencias" integer DEFAULT 0 NOT NULL,
	"solo_sii" integer DEFAULT 0 NOT NULL,
	"solo_ventanal" integer DEFAULT 0 NOT NULL,
	"anterior_id" integer,
	"nuevas" integer DEFAULT 0 NOT NULL,
	"cambiadas" integer DEFAULT 0 NOT NULL,
	"desaparecidas" integer DEFAULT 0 NOT NULL,
	"resumen" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"creado_por_id" integer,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "facturas_sii" ADD CONSTRAINT "facturas_sii_factura_id_facturas_guias_id_fk" FOREIGN KEY ("factura_id") REFERENCES "public"."facturas_guias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas_sii" ADD CONSTRAINT "facturas_sii_decidido_por_id_usuarios_id_fk" FOREIGN KEY ("decidido_por_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rcv_filas" ADD CONSTRAINT "rcv_filas_importacion_id_rcv_importaciones_id_fk" FOREIGN KEY ("importacion_id") REFERENCES "public"."rcv_importaciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rcv_filas" ADD CONSTRAINT "rcv_filas_factura_id_facturas_guias_id_fk" FOREIGN KEY ("factura_id") REFERENCES "public"."facturas_guias"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rcv_importaciones" ADD CONSTRAINT "rcv_importaciones_anterior_id_rcv_importaciones_id_fk" FOREIGN KEY ("anterior_id") REFERENCES "public"."rcv_importaciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rcv_importaciones" ADD CONSTRAINT "rcv_importaciones_creado_por_id_usuarios_id_fk" FOREIGN KEY ("creado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "facturas_sii_recepcion_idx" ON "facturas_sii" USING btree ("fecha_recepcion_sii");--> statement-breakpoint
CREATE INDEX "rcv_filas_resultado_idx" ON "rcv_filas" USING btree ("importacion_id","resultado","id");--> statement-breakpoint
CREATE INDEX "rcv_filas_importacion_idx" ON "rcv_filas" USING btree ("importacion_id","id");--> statement-breakpoint
CREATE INDEX "rcv_filas_documento_idx" ON "rcv_filas" USING btree ("importacion_id","rut_proveedor","tipo_doc","folio");--> statement-breakpoint
CREATE INDEX "rcv_filas_factura_idx" ON "rcv_filas" USING btree ("factura_id","importacion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rcv_importaciones_hash_uq" ON "rcv_importaciones" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "rcv_importaciones_periodo_idx" ON "rcv_importaciones" USING btree ("periodo","registro","id");--> statement-breakpoint
CREATE INDEX "facturas_guias_plazo_sii_idx" ON "facturas_guias" USING btree ("fecha_recepcion","id") WHERE "facturas_guias"."tipo_dte" in (33, 34);