-- ventanal_marcar_reserva_activa: live text (last defined by migration 0023_presupuestos_reserva_activa).
--
-- presupuestos.reserva_activa: the work is active (its tracking record has recepcion_final
-- false) and has pauta lines: the works "Stock reservado por OT" lists
-- (server/services/pautas/list-obras-reserva.ts). Kept in the transaction of every write
-- to pautas or seguimiento_obras by the statement triggers below; `npm run recompute`
-- checks and rebuilds it (server/services/derived/obras.ts, the same definition).
CREATE OR REPLACE FUNCTION public.ventanal_marcar_reserva_activa(obras integer[])
 RETURNS void
 LANGUAGE sql
AS $function$
  UPDATE presupuestos p SET reserva_activa = x.activa
  FROM (
    SELECT q.id,
      coalesce((SELECT NOT so.recepcion_final FROM seguimiento_obras so WHERE so.presupuesto_id = q.id), false)
        AND EXISTS (SELECT 1 FROM pautas l WHERE l.presupuesto_id = q.id) AS activa
    FROM presupuestos q WHERE q.id = ANY (obras)
  ) x
  WHERE p.id = x.id AND p.reserva_activa IS DISTINCT FROM x.activa;
$function$;
