CREATE TABLE "demostracion" (
	"marca" text PRIMARY KEY NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "empresa" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"nombre" text NOT NULL,
	"nombre_fantasia" text NOT NULL,
	"giro" text,
	"rut" text NOT NULL,
	"direccion" text NOT NULL,
	"telefono" text,
	"correo" text,
	"correo_compras" text,
	"sitio_web" text,
	"banco" text,
	"tipo_cuenta" text,
	"numero_cuenta" text,
	"correo_transferencias" text,
	"validez_oferta_dias" integer DEFAULT 15 NOT NULL,
	"forma_pago" text,
	"plazo_entrega" text,
	"plazo_entrega_oc" text,
	"logo" text,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "empresa_una_fila_ck" CHECK ("empresa"."id" = 1),
	CONSTRAINT "empresa_validez_ck" CHECK ("empresa"."validez_oferta_dias" between 1 and 365)
);
--> statement-breakpoint
DROP INDEX "recepciones_oc_items_recepcion_idx";--> statement-breakpoint
DROP INDEX "facturas_guias_dte_uq";--> statement-breakpoint
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
ALTER TABLE "presupuestos" ADD COLUMN "creado_por" integer;--> statement-breakpoint
ALTER TABLE "seguimiento_obras" ADD COLUMN "etapa_fecha" date DEFAULT ((now() at time zone 'America/Santiago')::date) NOT NULL;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD CONSTRAINT "presupuestos_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recepciones_oc_items_recepcion_item_uq" ON "recepciones_oc_items" USING btree ("recepcion_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_guias_numero_uq" ON "facturas_guias" USING btree (lower(btrim("proveedor")),coalesce("tipo_dte", case when "numero_factura" is null then 52 else 33 end),lower(btrim(coalesce("numero_factura", "numero_guia")))) WHERE lower(btrim(coalesce("facturas_guias"."numero_factura", "facturas_guias"."numero_guia"))) is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_guias_dte_uq" ON "facturas_guias" USING btree (upper(regexp_replace(coalesce("rut_proveedor", ''), '[^0-9kK]', '', 'g')),coalesce("tipo_dte", case when "numero_factura" is null then 52 else 33 end),lower(btrim(coalesce("numero_factura", "numero_guia")))) WHERE upper(regexp_replace(coalesce("facturas_guias"."rut_proveedor", ''), '[^0-9kK]', '', 'g')) <> '' and lower(btrim(coalesce("facturas_guias"."numero_factura", "facturas_guias"."numero_guia"))) is not null;