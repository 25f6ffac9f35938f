-- ventanal_reservado_obra_activa: live text (last defined by migration 0026_reserva_bloqueo_obra; earlier in 0023).
CREATE OR REPLACE FUNCTION public.ventanal_reservado_obra_activa()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  obras integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    obras := ARRAY(SELECT DISTINCT presupuesto_id FROM nuevas);
  ELSIF TG_OP = 'DELETE' THEN
    obras := ARRAY(SELECT DISTINCT presupuesto_id FROM viejas);
  ELSE
    obras := ARRAY(SELECT presupuesto_id FROM viejas UNION SELECT presupuesto_id FROM nuevas);
  END IF;
  IF cardinality(obras) > 0 THEN
    -- First the works, then every read (this flag's, and the reserved-stock trigger's after it).
    PERFORM ventanal_bloquear_obras(obras);
    PERFORM ventanal_marcar_reserva_activa(obras);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE TRIGGER pautas_obra_activa_del AFTER DELETE ON public.pautas REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obra_activa();
--> statement-breakpoint
CREATE TRIGGER pautas_obra_activa_ins AFTER INSERT ON public.pautas REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obra_activa();
--> statement-breakpoint
CREATE TRIGGER pautas_obra_activa_upd AFTER UPDATE ON public.pautas REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obra_activa();
--> statement-breakpoint
CREATE TRIGGER seguimiento_obra_activa_del AFTER DELETE ON public.seguimiento_obras REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obra_activa();
--> statement-breakpoint
CREATE TRIGGER seguimiento_obra_activa_ins AFTER INSERT ON public.seguimiento_obras REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obra_activa();
--> statement-breakpoint
CREATE TRIGGER seguimiento_obra_activa_upd AFTER UPDATE ON public.seguimiento_obras REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obra_activa();
