-- ventanal_reservado_obras: live text (last defined by migration 0018_stock_reservado_refresh_plans; earlier in 0011).
--
-- seguimiento_obras: the codes of the pautas of the works whose activity may have changed.
CREATE OR REPLACE FUNCTION public.ventanal_reservado_obras()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  obras integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    obras := ARRAY(SELECT presupuesto_id FROM nuevas);
  ELSIF TG_OP = 'DELETE' THEN
    obras := ARRAY(SELECT presupuesto_id FROM viejas);
  ELSE
    obras := ARRAY(
      SELECT presupuesto_id FROM (
        (SELECT id, presupuesto_id, recepcion_final FROM viejas
         EXCEPT SELECT id, presupuesto_id, recepcion_final FROM nuevas)
        UNION ALL
        (SELECT id, presupuesto_id, recepcion_final FROM nuevas
         EXCEPT SELECT id, presupuesto_id, recepcion_final FROM viejas)) cambiadas);
  END IF;
  IF cardinality(obras) > 0 THEN
    -- Planned on every call, like the refresh (pautas grows after the session's first call).
    EXECUTE 'SELECT ventanal_refrescar_reservado(ARRAY(SELECT DISTINCT codigo FROM pautas WHERE presupuesto_id = ANY ($1)))' USING obras;
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE TRIGGER seguimiento_reservado_del AFTER DELETE ON public.seguimiento_obras REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obras();
--> statement-breakpoint
CREATE TRIGGER seguimiento_reservado_ins AFTER INSERT ON public.seguimiento_obras REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obras();
--> statement-breakpoint
CREATE TRIGGER seguimiento_reservado_upd AFTER UPDATE ON public.seguimiento_obras REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obras();
