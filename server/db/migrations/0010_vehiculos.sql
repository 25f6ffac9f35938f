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
ALTER TABLE "vehiculos" ADD CONSTRAINT "vehiculos_responsable_id_usuarios_id_fk" FOREIGN KEY ("responsable_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vehiculos_patente_uq" ON "vehiculos" USING btree (lower("patente"));