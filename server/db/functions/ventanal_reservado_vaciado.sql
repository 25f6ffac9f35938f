-- ventanal_reservado_vaciado: live text (last defined by migration 0011_stock_reservado_triggers).
--
-- A table emptied at once: every product that held something is refreshed.
CREATE OR REPLACE FUNCTION public.ventanal_reservado_vaciado()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM ventanal_refrescar_reservado(ARRAY(SELECT codigo FROM materiales WHERE stock_reservado <> 0));
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE TRIGGER pautas_reservado_trunc AFTER TRUNCATE ON public.pautas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_vaciado();
--> statement-breakpoint
CREATE TRIGGER salidas_reservado_trunc AFTER TRUNCATE ON public.salidas_inventario FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_vaciado();
--> statement-breakpoint
CREATE TRIGGER seguimiento_reservado_trunc AFTER TRUNCATE ON public.seguimiento_obras FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_vaciado();
