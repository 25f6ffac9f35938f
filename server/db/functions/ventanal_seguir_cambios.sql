-- ventanal_seguir_cambios: live text (last defined by migration 0031_untracked_tables; earlier in 0016, 0022).
--
-- Run on every start after these files (server/db/migrate.ts): puts the change-counter
-- trigger (ventanal_cambios → ventanal_cambio_tabla) and the row-count triggers
-- (ventanal_filas_alta/baja/vaciado) on every table that lacks them, except those of
-- ventanal_tablas_sin_cambios(), and sets a new table's count from count(*) then:
-- CREATE TRIGGER locks the table against writers until the end of the transaction, so the
-- count is exact. The fold of ended sessions carries their row counts into session 0.
-- These per-table triggers are made here, not written in a file.
CREATE OR REPLACE FUNCTION public.ventanal_seguir_cambios()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE t text; n bigint;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
      AND c.relname <> ALL (ventanal_tablas_sin_cambios())
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'ventanal_cambios')
  LOOP
    EXECUTE format('CREATE TRIGGER ventanal_cambios AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION ventanal_cambio_tabla()', t);
  END LOOP;
  FOR t IN
    SELECT c.relname FROM pg_class c
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
      AND c.relname <> ALL (ventanal_tablas_sin_cambios())
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'ventanal_filas_alta')
  LOOP
    EXECUTE format('CREATE TRIGGER ventanal_filas_alta AFTER INSERT ON %I REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_filas_alta()', t);
    EXECUTE format('CREATE TRIGGER ventanal_filas_baja AFTER DELETE ON %I REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_filas_baja()', t);
    EXECUTE format('CREATE TRIGGER ventanal_filas_vaciado AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION ventanal_filas_vaciado()', t);
    EXECUTE format('SELECT count(*) FROM %I', t) INTO n;
    UPDATE cambios_tabla SET filas = 0 WHERE tabla = t AND sesion <> 0;
    INSERT INTO cambios_tabla AS c (tabla, sesion, version, filas) VALUES (t, 0, 0, n)
      ON CONFLICT (tabla, sesion) DO UPDATE SET filas = n;
  END LOOP;
  WITH ended AS (
    DELETE FROM cambios_tabla WHERE sesion <> 0 AND sesion NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)
    RETURNING tabla, version, filas
  )
  INSERT INTO cambios_tabla AS c (tabla, sesion, version, filas)
    SELECT tabla, 0, sum(version), sum(filas) FROM ended GROUP BY tabla
    ON CONFLICT (tabla, sesion) DO UPDATE SET version = c.version + excluded.version, filas = c.filas + excluded.filas;
END;
$function$;
