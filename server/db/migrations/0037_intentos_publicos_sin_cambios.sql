-- The public routes' request counts (intentos_publicos, written on every request to the
-- client's quote link) are read by no list: like the sign-in's counts they carry no
-- change counter nor row count (migration untracked_tables). server/lists/cache.ts's
-- UNTRACKED_TABLES holds the same list.
CREATE OR REPLACE FUNCTION ventanal_tablas_sin_cambios() RETURNS text[] AS $$
  SELECT ARRAY['cambios_tabla', 'sesiones', 'intentos_ingreso', 'idempotencia', 'intentos_publicos'];
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_cambios ON intentos_publicos;--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_filas_alta ON intentos_publicos;--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_filas_baja ON intentos_publicos;--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_filas_vaciado ON intentos_publicos;--> statement-breakpoint
DELETE FROM cambios_tabla WHERE tabla = ANY (ventanal_tablas_sin_cambios());
