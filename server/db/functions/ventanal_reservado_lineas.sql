-- ventanal_reservado_lineas: live text (last defined by migration 0029_reservado_delta; earlier in 0011, 0018, 0021).
--
-- AFTER STATEMENT on pautas and salidas_inventario: the pairs the statement changed, and
-- their change (new rows added, old rows subtracted; pairs whose quantity is the same left out).
CREATE OR REPLACE FUNCTION public.ventanal_reservado_lineas()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  obras integer[];
  codigos text[];
  cambios numeric[];
  pendientes integer := coalesce(nullif(current_setting('ventanal.reservado_' || TG_TABLE_NAME, true), '')::integer, 1) - 1;
  previo text := nullif(current_setting('ventanal.reservado_' || TG_TABLE_NAME || '_previo', true), '');
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(presupuesto_id), array_agg(codigo), array_agg(cambio) INTO obras, codigos, cambios
      FROM (SELECT presupuesto_id, codigo, sum(cantidad) AS cambio FROM nuevas GROUP BY 1, 2) t WHERE cambio <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(presupuesto_id), array_agg(codigo), array_agg(cambio) INTO obras, codigos, cambios
      FROM (SELECT presupuesto_id, codigo, -sum(cantidad) AS cambio FROM viejas GROUP BY 1, 2) t WHERE cambio <> 0;
  ELSE
    SELECT array_agg(presupuesto_id), array_agg(codigo), array_agg(cambio) INTO obras, codigos, cambios
      FROM (SELECT presupuesto_id, codigo, sum(cantidad) AS cambio FROM (
              SELECT presupuesto_id, codigo, cantidad FROM nuevas
              UNION ALL SELECT presupuesto_id, codigo, -cantidad FROM viejas) r
             GROUP BY 1, 2) t WHERE cambio <> 0;
  END IF;
  PERFORM ventanal_ajustar_reservado(TG_TABLE_NAME = 'salidas_inventario', obras, codigos, cambios, previo);
  PERFORM set_config('ventanal.reservado_' || TG_TABLE_NAME, greatest(pendientes, 0)::text, true);
  IF pendientes > 0 AND obras IS NOT NULL THEN
    -- Another event of this query fires after: it counts from before these changes.
    PERFORM set_config('ventanal.reservado_' || TG_TABLE_NAME || '_previo',
      (SELECT json_agg(json_build_array(o, c, d))::text FROM (
         SELECT o, c, d FROM unnest(obras, codigos, cambios) AS x(o, c, d)
         UNION ALL SELECT (e->>0)::integer, e->>1, (e->>2)::numeric FROM json_array_elements(previo::json) e) t), true);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE TRIGGER pautas_reservado_del AFTER DELETE ON public.pautas REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_lineas();
--> statement-breakpoint
CREATE TRIGGER pautas_reservado_ins AFTER INSERT ON public.pautas REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_lineas();
--> statement-breakpoint
CREATE TRIGGER pautas_reservado_upd AFTER UPDATE ON public.pautas REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_lineas();
--> statement-breakpoint
CREATE TRIGGER salidas_reservado_del AFTER DELETE ON public.salidas_inventario REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_lineas();
--> statement-breakpoint
CREATE TRIGGER salidas_reservado_ins AFTER INSERT ON public.salidas_inventario REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_lineas();
--> statement-breakpoint
CREATE TRIGGER salidas_reservado_upd AFTER UPDATE ON public.salidas_inventario REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_lineas();
