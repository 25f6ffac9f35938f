-- ventanal_filas_baja: live text (last defined by migration 0022_table_row_counts).
CREATE OR REPLACE FUNCTION public.ventanal_filas_baja()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE n bigint;
BEGIN
  SELECT count(*) INTO n FROM viejas;
  IF n > 0 THEN
    INSERT INTO cambios_tabla AS c (tabla, sesion, version, filas) VALUES (TG_TABLE_NAME, pg_backend_pid(), 0, -n)
      ON CONFLICT (tabla, sesion) DO UPDATE SET filas = c.filas - n;
  END IF;
  RETURN NULL;
END;
$function$;
