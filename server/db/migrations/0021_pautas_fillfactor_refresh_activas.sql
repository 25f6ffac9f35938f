-- The 10,000-line pauta batch on PGlite (issue 22: under 1.5 s), where its time went:
--
-- - Updating 9,000 lines wrote each new version on another page (the pages were full), so
--   every update also added an entry to each of pautas' four indexes, and the old entries
--   stayed (PGlite never vacuums): each batch on the same quote made the next one slower.
--   pautas now leaves half of each page free (fillfactor 50): a line's new version goes on
--   its own page (a HOT update: no index entry; the page's dead versions are pruned when
--   it is read). The table's pages double; the rows the lists read do not change. Pages
--   already full keep their rows until these move.
-- - The refresh of the reserved stock computed, from the view, the figure of every product
--   the statement touched, even when none of the lines it changed belongs to an active
--   work (a batch for a work already received, an exit of a closed work): then the
--   statement changed no reservation. The lines' triggers now pass the works of the rows
--   they changed; after locking the products (as before), the refresh computes only if
--   one of those works is active, read by the statement after the lock like the view's
--   "obra activa" (so under READ COMMITTED it sees every earlier writer of these products,
--   as the computation did).

ALTER TABLE pautas SET (fillfactor = 50);
--> statement-breakpoint

DROP FUNCTION ventanal_refrescar_reservado(text[]);
--> statement-breakpoint

-- `obras` (optional): the works of the rows the statement changed; when none of them is
-- active (server/db/schema/reservas.ts, obraActivaDe) the figure cannot have changed.
CREATE FUNCTION ventanal_refrescar_reservado(codigos text[], obras integer[] DEFAULT NULL) RETURNS void LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  productos text[];
  activa boolean;
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
  -- Read after the lock, as the computation below would read it.
  IF obras IS NOT NULL THEN
    EXECUTE 'SELECT EXISTS (SELECT 1 FROM seguimiento_obras WHERE presupuesto_id = ANY ($1) AND NOT recepcion_final)'
      INTO activa USING obras;
    IF NOT activa THEN
      RETURN;
    END IF;
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

-- pautas and salidas_inventario: the codes and works of the rows inserted or deleted, and of
-- the rows whose code, work or quantity changed (marking a line "separado" changes
-- nothing): before and after, the rows of one transition table that are not in the other.
CREATE OR REPLACE FUNCTION ventanal_reservado_lineas() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  codigos text[];
  obras integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT codigo), array_agg(DISTINCT presupuesto_id) INTO codigos, obras FROM nuevas;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT codigo), array_agg(DISTINCT presupuesto_id) INTO codigos, obras FROM viejas;
  ELSE
    SELECT array_agg(DISTINCT codigo), array_agg(DISTINCT presupuesto_id) INTO codigos, obras FROM (
        (SELECT id, codigo, presupuesto_id, cantidad FROM viejas
         EXCEPT SELECT id, codigo, presupuesto_id, cantidad FROM nuevas)
        UNION ALL
        (SELECT id, codigo, presupuesto_id, cantidad FROM nuevas
         EXCEPT SELECT id, codigo, presupuesto_id, cantidad FROM viejas)) cambiadas;
  END IF;
  PERFORM ventanal_refrescar_reservado(codigos, coalesce(obras, '{}'));
  RETURN NULL;
END $$;
