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
ALTER TABLE "presupuestos" ADD COLUMN "creado_por" integer;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD CONSTRAINT "presupuestos_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;