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

CREATE FUNCTION ventanal_bloquear_obras(obras integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF obras IS NULL OR cardinality(obras) = 0 THEN
    RETURN;
  END IF;
  EXECUTE 'SELECT count(*) FROM (SELECT 1 FROM presupuestos WHERE id = ANY ($1) ORDER BY id FOR NO KEY UPDATE) locked' USING obras;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION ventanal_reservado_obra_activa() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint

-- The same race between a product created (or renamed) and a write that names its code:
-- the refresh locks the products among its codes, and a product inserted by a transaction
-- not yet committed is not among them (it is invisible, so nothing waits), while that
-- product's own refresh does not see the write's lines. A transaction-level advisory lock
-- (key 4350) serializes exactly these: a product's creation or rename takes it exclusive
-- before its refresh; every refresh takes it shared before it locks the products, so a
-- creation under way commits first (its product is then visible and locked like the
-- others), and a creation that comes later waits for the refresh's commit, then sees its
-- lines. Shared holders never wait on each other: writers of reserved stock do not take
-- turns on it, only a product's creation (rare, one short statement) waits for those under
-- way. (Taking it only when some code has no product would need a second lookup of those
-- codes after it, to lock a product committed in between: a tenth of the refresh of the
-- bench's 10,000-line batch, whose codes are mostly not products.)
CREATE OR REPLACE FUNCTION ventanal_refrescar_reservado(codigos text[], obras integer[] DEFAULT NULL) RETURNS void LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  productos text[];
  activa boolean;
BEGIN
  IF codigos IS NULL OR cardinality(codigos) = 0 THEN
    RETURN;
  END IF;
  -- A product's creation under way (advisory lock 4350, exclusive) commits first.
  PERFORM pg_advisory_xact_lock_shared(4350);
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

CREATE OR REPLACE FUNCTION ventanal_reservado_materiales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4350);
  PERFORM ventanal_refrescar_reservado(ARRAY(SELECT codigo FROM nuevas));
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION ventanal_reservado_material_codigo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4350);
  PERFORM ventanal_refrescar_reservado(ARRAY[NEW.codigo]);
  RETURN NULL;
END $$;
