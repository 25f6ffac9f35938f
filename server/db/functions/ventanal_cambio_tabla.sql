-- ventanal_cambio_tabla: live text (last defined by migration 0016_change_counter_triggers).
--
-- Per-table change counters for the answer caches (server/lists/cache.ts). Every
-- application table gets a statement-level AFTER INSERT/UPDATE/DELETE/TRUNCATE trigger that
-- adds 1 to its table's counter, once per transaction and table (a transaction-local
-- setting remembers it), in the writing transaction: the new version becomes visible with
-- the rows, on every process of the database. Each session writes its own row
-- (sesion = pg_backend_pid()), so concurrent writers of one table never wait on a shared
-- counter row until commit; a table's version is the sum of its rows.
CREATE OR REPLACE FUNCTION public.ventanal_cambio_tabla()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF current_setting('ventanal.cambio_' || TG_TABLE_NAME, true) IS DISTINCT FROM '1' THEN
    PERFORM set_config('ventanal.cambio_' || TG_TABLE_NAME, '1', true);
    INSERT INTO cambios_tabla AS c (tabla, sesion, version) VALUES (TG_TABLE_NAME, pg_backend_pid(), 1)
      ON CONFLICT (tabla, sesion) DO UPDATE SET version = c.version + 1;
  END IF;
  RETURN NULL;
END;
$function$;
