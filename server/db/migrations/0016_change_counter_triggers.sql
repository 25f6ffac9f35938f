-- Per-table change counters for the answer caches (server/lists/cache.ts). Every
-- application table gets a statement-level AFTER INSERT/UPDATE/DELETE/TRUNCATE trigger that
-- adds 1 to its table's counter, once per transaction and table (a transaction-local
-- setting remembers it), in the writing transaction: the new version becomes visible with
-- the rows, on every process of the database. Each session writes its own row
-- (sesion = pg_backend_pid()), so concurrent writers of one table never wait on a shared
-- counter row until commit; a table's version is the sum of its rows.
CREATE OR REPLACE FUNCTION ventanal_cambio_tabla() RETURNS trigger AS $$
BEGIN
  IF current_setting('ventanal.cambio_' || TG_TABLE_NAME, true) IS DISTINCT FROM '1' THEN
    PERFORM set_config('ventanal.cambio_' || TG_TABLE_NAME, '1', true);
    INSERT INTO cambios_tabla AS c (tabla, sesion, version) VALUES (TG_TABLE_NAME, pg_backend_pid(), 1)
      ON CONFLICT (tabla, sesion) DO UPDATE SET version = c.version + 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- Puts the trigger on every table of the schema that lacks it (tables added by later
-- migrations too: server/db/migrate.ts calls it after the migrations on every start), and
-- folds the rows of sessions that have ended into session 0 (same sum, fewer rows).
CREATE OR REPLACE FUNCTION ventanal_seguir_cambios() RETURNS void AS $$
DECLARE t text;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
      AND c.relname <> 'cambios_tabla'
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'ventanal_cambios')
  LOOP
    EXECUTE format('CREATE TRIGGER ventanal_cambios AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION ventanal_cambio_tabla()', t);
  END LOOP;
  WITH ended AS (
    DELETE FROM cambios_tabla WHERE sesion <> 0 AND sesion NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)
    RETURNING tabla, version
  )
  INSERT INTO cambios_tabla AS c (tabla, sesion, version)
    SELECT tabla, 0, sum(version) FROM ended GROUP BY tabla
    ON CONFLICT (tabla, sesion) DO UPDATE SET version = c.version + excluded.version;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
SELECT ventanal_seguir_cambios();
