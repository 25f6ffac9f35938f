CREATE TABLE "ajustes_respaldo" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"hora" text NOT NULL,
	"diarios" integer NOT NULL,
	"semanales" integer NOT NULL,
	"mensuales" integer NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ajustes_respaldo_una_fila_ck" CHECK ("ajustes_respaldo"."id" = 1),
	CONSTRAINT "ajustes_respaldo_hora_ck" CHECK ("ajustes_respaldo"."hora" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "ajustes_respaldo_conteos_ck" CHECK ("ajustes_respaldo"."diarios" between 1 and 60 and "ajustes_respaldo"."semanales" between 0 and 52 and "ajustes_respaldo"."mensuales" between 0 and 120)
);
--> statement-breakpoint
-- The change counters and row counts of the new table (as every start does): a database
-- restored from a backup, which replays the migrations, has its triggers from the start.
SELECT ventanal_seguir_cambios();--> statement-breakpoint
-- Here ventanal_tablas_sin_cambios() still has migration 0031's list (the function files are
-- applied after the migrations): the counters it just gave intentos_publicos, which no list
-- reads (migration 0041), go again.
DROP TRIGGER IF EXISTS ventanal_cambios ON intentos_publicos;--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_filas_alta ON intentos_publicos;--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_filas_baja ON intentos_publicos;--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_filas_vaciado ON intentos_publicos;--> statement-breakpoint
DELETE FROM cambios_tabla WHERE tabla = 'intentos_publicos';
