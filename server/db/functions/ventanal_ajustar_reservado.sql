-- ventanal_ajustar_reservado: live text (last defined by migration 0029_reservado_delta).
--
-- Reserved stock of pauta lines and exits kept by delta (the 10,000-line pauta batch cost 10×
-- on ten times the data). The refresh of 0011/0018/0021 recomputed every touched product's
-- figure from the view: for each code, every line of that code in every work, each work's
-- "obra activa" and its exits, so a statement cost what the whole table holds of its codes.
-- A statement on pautas or salidas_inventario now changes each product by what it changed:
-- per pair (work, code) of the rows it wrote, the pending quantity of the view
-- (server/db/schema/reservas.ts: greatest(Σ pauta − Σ left, 0), active works only) after
-- less before, summed per code and added to materiales.stock_reservado. It reads only the
-- works it wrote (their lines, through the quote index; their exits of those codes, through
-- (presupuesto_id, codigo)); a product changed by nothing is not written.
--
-- - Before: the pair's quantity now less what the statement changed (the transition
--   tables, old rows subtracted, new rows added; a line marked "separado" changes nothing).
-- - Order: the products among the codes are locked first, in code order, as the refresh
--   does (lockMateriales' order), and everything is read by the statement after the lock:
--   under READ COMMITTED it sees every earlier writer of these codes committed, whose
--   change is already in the figure; the activity of the work is read after the lock too.
-- - One query, two events (INSERT … ON CONFLICT DO UPDATE, an UPDATE in a WITH beside an
--   INSERT: the pauta batch): PostgreSQL fires each event's statement trigger once, both
--   after all of the query's rows are written, so a pair changed by both would be counted
--   from the same "now" twice. A BEFORE STATEMENT trigger counts the events the query fires
--   (ventanal.reservado_<table>: one each, reset when none is pending); while another is
--   pending, a firing leaves its pairs' changes in ventanal.reservado_<table>_previo, and
--   the next one takes "now" as the quantity before them (the sum telescopes to after the
--   query less before it).
-- - Works becoming active or not, products created or renamed and TRUNCATE keep the
--   refresh from the view (ventanal_refrescar_reservado). `npm run recompute` checks it all.

-- The change of the pairs (obras[i], codigos[i]) by cambios[i] (pauta quantity, or exit
-- quantity when `salidas`); `previo` (json [[obra, codigo, cambio], …] or NULL): what the
-- events of the same query that fired before this one changed, already counted.
CREATE OR REPLACE FUNCTION public.ventanal_ajustar_reservado(salidas boolean, obras integer[], codigos text[], cambios numeric[], previo text)
 RETURNS void
 LANGUAGE plpgsql
 SET jit TO 'off'
AS $function$
DECLARE
  productos text[];
  activas integer[];
BEGIN
  IF coalesce(cardinality(codigos), 0) = 0 THEN
    RETURN;
  END IF;
  -- A product's creation under way (advisory lock 4350, exclusive: 0026_reserva_bloqueo_obra)
  -- commits first, as for the refresh.
  PERFORM pg_advisory_xact_lock_shared(4350);
  EXECUTE 'SELECT array_agg(codigo ORDER BY codigo) FROM (SELECT codigo FROM materiales WHERE codigo = ANY ($1) ORDER BY codigo FOR UPDATE) locked'
    INTO productos USING codigos;
  IF productos IS NULL THEN
    RETURN;
  END IF;
  -- The works among them that are active ("obra activa", read after the lock); a pair of
  -- another work holds nothing before or after.
  EXECUTE 'SELECT array_agg(w.id) FROM (SELECT DISTINCT unnest($1::integer[]) AS id) w
            WHERE coalesce((SELECT NOT so.recepcion_final FROM seguimiento_obras so WHERE so.presupuesto_id = w.id), false)'
    INTO activas USING obras;
  IF activas IS NULL THEN
    RETURN;
  END IF;
  -- Planned on every call (EXECUTE), like the refresh, with these works' lines read through
  -- the quote index (a few works: never the whole table), for the locked products only (a
  -- code without a product has no figure).
  EXECUTE $q$
    WITH c AS MATERIALIZED (
      SELECT c.presupuesto_id, c.codigo, c.cambio, coalesce(a.cambio, 0) AS despues
        FROM unnest($2::integer[], $3::text[], $4::numeric[]) AS c(presupuesto_id, codigo, cambio)
        LEFT JOIN (SELECT (e->>0)::integer AS presupuesto_id, e->>1 AS codigo, sum((e->>2)::numeric) AS cambio
                     FROM json_array_elements(nullif($5, '')::json) e GROUP BY 1, 2) a
          ON a.presupuesto_id = c.presupuesto_id AND a.codigo = c.codigo
       WHERE c.presupuesto_id = ANY ($6) AND c.codigo = ANY ($7)
    ),
    n AS (
      SELECT p.presupuesto_id, p.codigo, sum(p.cantidad) AS necesita
        FROM pautas p WHERE p.presupuesto_id = ANY ($6) AND p.codigo = ANY ($7)
       GROUP BY 1, 2
    ),
    v AS MATERIALIZED (
      SELECT c.codigo, c.cambio, c.despues, coalesce(n.necesita, 0) AS necesita,
             coalesce((SELECT sum(s.cantidad) FROM salidas_inventario s WHERE s.presupuesto_id = c.presupuesto_id AND s.codigo = c.codigo), 0) AS salido
        FROM c LEFT JOIN n ON n.presupuesto_id = c.presupuesto_id AND n.codigo = c.codigo
    ),
    d AS (
      SELECT codigo, sum(
          CASE WHEN $1 THEN greatest(necesita - (salido - despues), 0) - greatest(necesita - (salido - despues - cambio), 0)
               ELSE greatest((necesita - despues) - salido, 0) - greatest((necesita - despues - cambio) - salido, 0) END) AS delta
        FROM v GROUP BY codigo
    )
    UPDATE materiales m
       SET stock_reservado = m.stock_reservado + d.delta
      FROM d
     WHERE m.codigo = d.codigo AND d.delta <> 0$q$ USING salidas, obras, codigos, cambios, previo, activas, productos;
END $function$;
