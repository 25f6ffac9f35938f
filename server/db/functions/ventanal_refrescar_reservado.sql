-- ventanal_refrescar_reservado: live text (last defined by migration 0026_reserva_bloqueo_obra; earlier in 0011, 0018, 0021).
--
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
CREATE OR REPLACE FUNCTION public.ventanal_refrescar_reservado(codigos text[], obras integer[] DEFAULT NULL::integer[])
 RETURNS void
 LANGUAGE plpgsql
 SET jit TO 'off'
AS $function$
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
END $function$;
