-- ventanal_filas_vaciado: live text (last defined by migration 0022_table_row_counts).
--
-- TRUNCATE holds the table exclusively: no other transaction has rows of it in flight.
CREATE OR REPLACE FUNCTION public.ventanal_filas_vaciado()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE cambios_tabla SET filas = 0 WHERE tabla = TG_TABLE_NAME AND filas <> 0;
  RETURN NULL;
END;
$function$;
