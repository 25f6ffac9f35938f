-- ventanal_tablas_sin_cambios: live text (defined by migration 0031_untracked_tables; since
-- issue 34 it also names intentos_publicos, the client's link's request counts, written on
-- every public request: migration 0041 drops its counters).
--
-- Tables that no list, cached answer or row count reads: the sign-in's sessions and
-- throttle counts, the idempotency keys. Every sign-in (and every keyed POST) wrote them,
-- and each of those writes also bumped their change counter and row count
-- (cambios_tabla, migrations change_counter_triggers and table_row_counts) for nobody.
-- Their triggers go, and ventanal_seguir_cambios (run on every start) leaves them alone.
-- The list is ventanal_tablas_sin_cambios(); server/lists/cache.ts never keeps an answer
-- that read one of them (UNTRACKED_TABLES, the same list: tests/api/cache.test.ts).
CREATE OR REPLACE FUNCTION public.ventanal_tablas_sin_cambios()
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT ARRAY['cambios_tabla', 'sesiones', 'intentos_ingreso', 'idempotencia', 'intentos_publicos'];
$function$;
