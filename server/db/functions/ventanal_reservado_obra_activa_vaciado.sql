-- ventanal_reservado_obra_activa_vaciado: live text (last defined by migration 0023_presupuestos_reserva_activa).
CREATE OR REPLACE FUNCTION public.ventanal_reservado_obra_activa_vaciado()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- No pauta lines, or no tracking record (no work active): no work is listed.
  UPDATE presupuestos SET reserva_activa = false WHERE reserva_activa;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE TRIGGER pautas_obra_activa_trunc AFTER TRUNCATE ON public.pautas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obra_activa_vaciado();
--> statement-breakpoint
CREATE TRIGGER seguimiento_obra_activa_trunc AFTER TRUNCATE ON public.seguimiento_obras FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obra_activa_vaciado();
