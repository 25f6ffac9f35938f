-- ventanal_reservado_materiales: live text (last defined by migration 0026_reserva_bloqueo_obra; earlier in 0011).
CREATE OR REPLACE FUNCTION public.ventanal_reservado_materiales()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_advisory_xact_lock(4350);
  PERFORM ventanal_refrescar_reservado(ARRAY(SELECT codigo FROM nuevas));
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE TRIGGER materiales_reservado_ins AFTER INSERT ON public.materiales REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_materiales();
