-- ventanal_reservado_material_codigo: live text (last defined by migration 0026_reserva_bloqueo_obra; earlier in 0011).
CREATE OR REPLACE FUNCTION public.ventanal_reservado_material_codigo()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_advisory_xact_lock(4350);
  PERFORM ventanal_refrescar_reservado(ARRAY[NEW.codigo]);
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE TRIGGER materiales_reservado_codigo AFTER UPDATE OF codigo ON public.materiales FOR EACH ROW WHEN ((old.codigo IS DISTINCT FROM new.codigo)) EXECUTE FUNCTION ventanal_reservado_material_codigo();
