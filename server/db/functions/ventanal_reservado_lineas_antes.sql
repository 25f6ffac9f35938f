-- ventanal_reservado_lineas_antes: live text (last defined by migration 0029_reservado_delta).
--
-- BEFORE STATEMENT on pautas and salidas_inventario: one more event of this query pending.
CREATE OR REPLACE FUNCTION public.ventanal_reservado_lineas_antes()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  pendientes integer := coalesce(nullif(current_setting('ventanal.reservado_' || TG_TABLE_NAME, true), '')::integer, 0);
BEGIN
  IF pendientes = 0 THEN
    PERFORM set_config('ventanal.reservado_' || TG_TABLE_NAME || '_previo', '', true);
  END IF;
  PERFORM set_config('ventanal.reservado_' || TG_TABLE_NAME, (pendientes + 1)::text, true);
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE TRIGGER pautas_reservado_antes BEFORE INSERT OR DELETE OR UPDATE ON public.pautas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_lineas_antes();
--> statement-breakpoint
CREATE TRIGGER salidas_reservado_antes BEFORE INSERT OR DELETE OR UPDATE ON public.salidas_inventario FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_lineas_antes();
