-- Reserved-stock triggers (0011_stock_reservado_triggers.sql) that cost what they touch
-- (issue 22, the 10,000-line pauta batch that gave no answer):
--
-- - The UPDATE triggers found the changed rows by joining the old and new transition
--   tables on id. PL/pgSQL keeps that plan for the session, planned on its first call: an
--   INSERT … ON CONFLICT DO UPDATE that updated nothing (a batch of new lines) fires the
--   UPDATE trigger with empty tables, so the plan kept was a nested loop, and the next batch
--   that updated 9,000 lines compared 81 million pairs. The changed rows are now the rows of
--   one table that are not in the other (EXCEPT: hashed or sorted, never a nested loop,
--   whatever the session planned before); an unchanged row is in both.
-- - The refresh computed the figure of every code it was given, products or not (a batch
--   names codes before their products exist): it now computes only the products it locked.
-- - The refresh runs without JIT: PostgreSQL's estimate of one lookup per code crossed the
--   JIT thresholds and compiling the query cost more than running it (seconds for a batch).
--   PGlite has no JIT; the setting is only a setting there.

CREATE OR REPLACE FUNCTION ventanal_refrescar_reservado(codigos text[]) RETURNS void LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  productos text[];
BEGIN
  IF codigos IS NULL OR cardinality(codigos) = 0 THEN
    RETURN;
  END IF;
  -- The products among the codes, locked in code order (lockMateriales' order, so writers
  -- never deadlock on them); a code without a product has no figure to keep.
  EXECUTE 'SELECT array_agg(codigo ORDER BY codigo) FROM (SELECT codigo FROM materiales WHERE codigo = ANY ($1) ORDER BY codigo FOR UPDATE) locked'
    INTO productos USING codigos;
  IF productos IS NULL THEN
    RETURN;
  END IF;
  -- Computed by the next statement: under READ COMMITTED it sees every earlier writer of
  -- these codes, which committed before the lock was granted. Planned on every call
  -- (EXECUTE): a plan kept by the session while pautas was still empty would scan the whole
  -- table for each code once it is big (PGlite never analyzes on its own).
  EXECUTE $q$
    WITH r AS MATERIALIZED (
      SELECT c.codigo, coalesce((SELECT sum(v.pendiente) FROM reservas_obra v WHERE v.codigo = c.codigo), 0) AS reservado
        FROM unnest($1::text[]) AS c(codigo))
    UPDATE materiales m
       SET stock_reservado = r.reservado
      FROM r
     WHERE m.codigo = r.codigo AND m.stock_reservado IS DISTINCT FROM r.reservado$q$ USING productos;
END $$;
--> statement-breakpoint

-- pautas and salidas_inventario: the codes of the rows inserted or deleted, and of the rows
-- whose code, work or quantity changed (marking a line "separado" changes nothing): before
-- and after, the rows of one transition table that are not in the other.
CREATE OR REPLACE FUNCTION ventanal_reservado_lineas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ventanal_refrescar_reservado(ARRAY(SELECT DISTINCT codigo FROM nuevas));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM ventanal_refrescar_reservado(ARRAY(SELECT DISTINCT codigo FROM viejas));
  ELSE
    PERFORM ventanal_refrescar_reservado(ARRAY(
      SELECT codigo FROM (
        (SELECT id, codigo, presupuesto_id, cantidad FROM viejas
         EXCEPT SELECT id, codigo, presupuesto_id, cantidad FROM nuevas)
        UNION ALL
        (SELECT id, codigo, presupuesto_id, cantidad FROM nuevas
         EXCEPT SELECT id, codigo, presupuesto_id, cantidad FROM viejas)) cambiadas));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- seguimiento_obras: the codes of the pautas of the works whose activity may have changed.
CREATE OR REPLACE FUNCTION ventanal_reservado_obras() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
