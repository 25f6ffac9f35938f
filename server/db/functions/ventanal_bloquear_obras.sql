-- ventanal_bloquear_obras: live text (last defined by migration 0026_reserva_bloqueo_obra).
--
-- Reserved stock and reserva_activa under concurrent writers of one work. A work becoming
-- active or not (seguimiento_obras) refreshes the codes of the pauta lines it sees; a
-- pauta write refreshes its codes only if it sees the work active. Two such transactions
-- at once each read the other's uncommitted change as absent: a line of a NEW code added
-- while the work is activated was refreshed by neither (its figure missed the line until
-- `npm run recompute`), and the same for the flag reserva_activa (the work's first lines
-- added while it is activated, its last ones deleted while it is closed). The products
-- cannot serialize them: the activation never locks a code it does not see yet.
--
-- So every statement on pautas or seguimiento_obras locks the quote rows of its works
-- (FOR NO KEY UPDATE, in id order) before anything reads: in the first trigger of the
-- statement (pautas_obra_activa_* and seguimiento_obra_activa_* sort before the
-- reserved-stock ones). Two writers of one work take turns; the second reads, in the
-- statements after its lock (READ COMMITTED), what the first committed. FOR NO KEY UPDATE
-- does not conflict with the FOR KEY SHARE of a foreign-key check (a pauta line or an exit
-- inserted for the quote) nor with plain reads; it conflicts with another writer of the
-- work and with an UPDATE of the quote row, which takes the same lock. One row lock per
-- statement, without writing the row (its xmin, which the lists' row cache compares,
-- does not change).
--
-- Lock order, the same for every writer: the rows the statement writes (pauta lines, the
-- tracking record), then the quote, then the products (ventanal_refrescar_reservado,
-- lockMateriales' code order). A service that locks the quote itself does it before the
-- products (create-salida).
CREATE OR REPLACE FUNCTION public.ventanal_bloquear_obras(obras integer[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF obras IS NULL OR cardinality(obras) = 0 THEN
    RETURN;
  END IF;
  EXECUTE 'SELECT count(*) FROM (SELECT 1 FROM presupuestos WHERE id = ANY ($1) ORDER BY id FOR NO KEY UPDATE) locked' USING obras;
END $function$;
