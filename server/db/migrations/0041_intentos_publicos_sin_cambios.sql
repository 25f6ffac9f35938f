-- The public routes' request counts (intentos_publicos, written on every request to the
-- client's quote link) are read by no list: like the sign-in's counts they carry no
-- change counter nor row count (migration untracked_tables). The list itself is
-- ventanal_tablas_sin_cambios() (server/db/functions/, applied after the migrations);
-- server/lists/cache.ts's UNTRACKED_TABLES holds the same list.
DROP TRIGGER IF EXISTS ventanal_cambios ON intentos_publicos;--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_filas_alta ON intentos_publicos;--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_filas_baja ON intentos_publicos;--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_filas_vaciado ON intentos_publicos;--> statement-breakpoint
DELETE FROM cambios_tabla WHERE tabla = 'intentos_publicos';
