CREATE TABLE "cambios_tabla" (
	"tabla" text NOT NULL,
	"sesion" integer NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cambios_tabla_tabla_sesion_pk" PRIMARY KEY("tabla","sesion")
);
--> statement-breakpoint
CREATE TABLE "intentos_ingreso" (
	"clave" text PRIMARY KEY NOT NULL,
	"fallos" integer DEFAULT 0 NOT NULL,
	"ultimo_fallo" bigint NOT NULL,
	"bloqueado_hasta" bigint DEFAULT 0 NOT NULL,
	"en_curso" integer DEFAULT 0 NOT NULL,
	"en_curso_hasta" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehiculos" (
	"id" serial PRIMARY KEY NOT NULL,
	"patente" text NOT NULL,
	"marca" text NOT NULL,
	"modelo" text NOT NULL,
	"anio" integer,
	"vencimiento_revision_tecnica" date,
	"vencimiento_permiso_circulacion" date,
	"responsable_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auditoria" ADD COLUMN "registro" text;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "telefono" text;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD COLUMN "total_neto_real" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD COLUMN "utilidad" numeric DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "materiales" ADD COLUMN "stock_reservado" numeric(18, 4) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD COLUMN "estado" text DEFAULT 'PENDIENTE' NOT NULL;--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD COLUMN "total_neto" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vehiculos" ADD CONSTRAINT "vehiculos_responsable_id_usuarios_id_fk" FOREIGN KEY ("responsable_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vehiculos_patente_uq" ON "vehiculos" USING btree (lower("patente"));--> statement-breakpoint
CREATE INDEX "auditoria_registro_idx" ON "auditoria" USING btree ("registro","id");--> statement-breakpoint
CREATE INDEX "materiales_reservado_idx" ON "materiales" USING btree ("stock_reservado" DESC NULLS FIRST,"codigo");--> statement-breakpoint
CREATE INDEX "ordenes_compra_estado_idx" ON "ordenes_compra" USING btree ("estado","numero_oc");--> statement-breakpoint
CREATE INDEX "facturas_guias_por_pagar_idx" ON "facturas_guias" USING btree (("fecha" + "dias_credito"),"id") WHERE lower(trim(coalesce("facturas_guias"."estado_pago", ''))) <> 'pagado' and "facturas_guias"."dias_credito" <> 0;--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD CONSTRAINT "ordenes_compra_estado_ck" CHECK ("ordenes_compra"."estado" in ('PENDIENTE', 'COMPLETA'));--> statement-breakpoint
CREATE VIEW "public"."reservas_obra" AS (select n.presupuesto_id, n.codigo,
  greatest(n.necesita - coalesce((select sum(s.cantidad) from salidas_inventario s where s.presupuesto_id = n.presupuesto_id and s.codigo = n.codigo), 0), 0)::numeric(18,4) as pendiente
from (
  select p.presupuesto_id, p.codigo, sum(p.cantidad) as necesita
  from pautas p
  where coalesce((select not so.recepcion_final from seguimiento_obras so where so.presupuesto_id = p.presupuesto_id), false)
  group by p.presupuesto_id, p.codigo
) n);