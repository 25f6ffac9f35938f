-- ventanal_filas_alta: live text (last defined by migration 0022_table_row_counts).
--
-- Every application table's row count (cambios_tabla.filas, summed over the table's
-- rows), kept by statement-level triggers in the writing transaction: an INSERT adds the
-- rows it wrote, a DELETE (a foreign key's cascade too) subtracts those it removed, a
-- TRUNCATE sets it to 0. Like the version, each session writes its own row, so concurrent
-- writers of one table never wait on a shared counter. An unfiltered list's total is read
-- from it (server/lists/define.ts) instead of count(*) over the whole table.
CREATE OR REPLACE FUNCTION public.ventanal_filas_alta()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE n bigint;
BEGIN
  SELECT count(*) INTO n FROM nuevas;
  IF n > 0 THEN
    INSERT INTO cambios_tabla AS c (tabla, sesion, version, filas) VALUES (TG_TABLE_NAME, pg_backend_pid(), 0, n)
      ON CONFLICT (tabla, sesion) DO UPDATE SET filas = c.filas + n;
  END IF;
  RETURN NULL;
END;
$function$;
