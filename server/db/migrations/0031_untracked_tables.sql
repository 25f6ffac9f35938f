-- Tables that no list, cached answer or row count reads: the sign-in's sessions and
-- throttle counts, the idempotency keys. Every sign-in (and every keyed POST) wrote them,
-- and each of those writes also bumped their change counter and row count
-- (cambios_tabla, migrations change_counter_triggers and table_row_counts) for nobody.
-- Their triggers go, and ventanal_seguir_cambios (run on every start) leaves them alone.
-- The list is ventanal_tablas_sin_cambios(); server/lists/cache.ts never keeps an answer
-- that read one of them (UNTRACKED_TABLES, the same list: tests/api/cache.test.ts).
CREATE OR REPLACE FUNCTION ventanal_tablas_sin_cambios() RETURNS text[] AS $$
  SELECT ARRAY['cambios_tabla', 'sesiones', 'intentos_ingreso', 'idempotencia'];
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_cambios ON sesiones;--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_filas_alta ON sesiones;--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_filas_baja ON sesiones;--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_filas_vaciado ON sesiones;--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_cambios ON intentos_ingreso;--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_filas_alta ON intentos_ingreso;--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_filas_baja ON intentos_ingreso;--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_filas_vaciado ON intentos_ingreso;--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_cambios ON idempotencia;--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_filas_alta ON idempotencia;--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_filas_baja ON idempotencia;--> statement-breakpoint
DROP TRIGGER IF EXISTS ventanal_filas_vaciado ON idempotencia;--> statement-breakpoint
DELETE FROM cambios_tabla WHERE tabla = ANY (ventanal_tablas_sin_cambios());--> statement-breakpoint
CREATE OR REPLACE FUNCTION ventanal_seguir_cambios() RETURNS void AS $$
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
$$ LANGUAGE plpgsql;
