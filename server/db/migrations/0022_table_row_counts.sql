ALTER TABLE "cambios_tabla" ADD COLUMN "filas" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every application table's row count (cambios_tabla.filas, summed over the table's
-- rows), kept by statement-level triggers in the writing transaction: an INSERT adds the
-- rows it wrote, a DELETE (a foreign key's cascade too) subtracts those it removed, a
-- TRUNCATE sets it to 0. Like the version, each session writes its own row, so concurrent
-- writers of one table never wait on a shared counter. An unfiltered list's total is read
-- from it (server/lists/define.ts) instead of count(*) over the whole table.
CREATE OR REPLACE FUNCTION ventanal_filas_alta() RETURNS trigger AS $$
DECLARE n bigint;
BEGIN
  SELECT count(*) INTO n FROM nuevas;
  IF n > 0 THEN
    INSERT INTO cambios_tabla AS c (tabla, sesion, version, filas) VALUES (TG_TABLE_NAME, pg_backend_pid(), 0, n)
      ON CONFLICT (tabla, sesion) DO UPDATE SET filas = c.filas + n;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ventanal_filas_baja() RETURNS trigger AS $$
DECLARE n bigint;
BEGIN
  SELECT count(*) INTO n FROM viejas;
  IF n > 0 THEN
    INSERT INTO cambios_tabla AS c (tabla, sesion, version, filas) VALUES (TG_TABLE_NAME, pg_backend_pid(), 0, -n)
      ON CONFLICT (tabla, sesion) DO UPDATE SET filas = c.filas - n;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- TRUNCATE holds the table exclusively: no other transaction has rows of it in flight.
CREATE OR REPLACE FUNCTION ventanal_filas_vaciado() RETURNS trigger AS $$
BEGIN
  UPDATE cambios_tabla SET filas = 0 WHERE tabla = TG_TABLE_NAME AND filas <> 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- ventanal_seguir_cambios (migration 0016, run on every start) also puts the row-count
-- triggers on every table that lacks them, and sets that table's count from count(*) then:
-- CREATE TRIGGER locks the table against writers until the end of the transaction, so the
-- count is exact. The fold of ended sessions carries their row counts into session 0.
CREATE OR REPLACE FUNCTION ventanal_seguir_cambios() RETURNS void AS $$
DECLARE t text; n bigint;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
      AND c.relname <> 'cambios_tabla'
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'ventanal_cambios')
  LOOP
    EXECUTE format('CREATE TRIGGER ventanal_cambios AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION ventanal_cambio_tabla()', t);
  END LOOP;
  FOR t IN
    SELECT c.relname FROM pg_class c
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
      AND c.relname <> 'cambios_tabla'
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
--> statement-breakpoint
SELECT ventanal_seguir_cambios();
