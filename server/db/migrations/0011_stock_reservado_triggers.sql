-- Reserved stock kept at write time (issue 22; definition: the view reservas_obra of
-- server/db/schema/reservas.ts). materiales.stock_reservado = Σ reservas_obra.pendiente of
-- the code, refreshed for the codes a statement touches, in that statement's transaction,
-- by every write that can change it: pauta lines (batch, edit, delete), exits to a work,
-- a work becoming active or not (seguimiento_obras.recepcion_final, a record added or
-- removed) and a product created or renamed (pautas may name a code before it exists).
-- `npm run recompute` checks it against the view from scratch.

-- Refresh the reserved stock of `codigos`. The products are locked first, in code order
-- (lockMateriales' order, so writers never deadlock on them), and the figure is computed
-- by the next statement: under READ COMMITTED it sees every earlier writer of these codes,
-- which committed before the lock was granted. Both statements are planned on every call
-- (EXECUTE): a plan cached by the session while pautas was still empty would scan the whole
-- table for each code once it is big (PGlite never analyzes on its own).
CREATE FUNCTION ventanal_refrescar_reservado(codigos text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF codigos IS NULL OR cardinality(codigos) = 0 THEN
    RETURN;
  END IF;
  EXECUTE 'SELECT count(*) FROM (SELECT 1 FROM materiales WHERE codigo = ANY ($1) ORDER BY codigo FOR UPDATE) locked' USING codigos;
  EXECUTE $q$
    WITH r AS MATERIALIZED (
      SELECT c.codigo, coalesce((SELECT sum(v.pendiente) FROM reservas_obra v WHERE v.codigo = c.codigo), 0) AS reservado
        FROM (SELECT DISTINCT unnest($1::text[]) AS codigo) c)
    UPDATE materiales m
       SET stock_reservado = r.reservado
      FROM r
     WHERE m.codigo = r.codigo AND m.stock_reservado IS DISTINCT FROM r.reservado$q$ USING codigos;
END $$;
--> statement-breakpoint

-- pautas and salidas_inventario: the codes of the rows inserted or deleted, and of the rows
-- whose code, work or quantity changed (marking a line "separado" changes nothing).
CREATE FUNCTION ventanal_reservado_lineas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ventanal_refrescar_reservado(ARRAY(SELECT DISTINCT codigo FROM nuevas));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM ventanal_refrescar_reservado(ARRAY(SELECT DISTINCT codigo FROM viejas));
  ELSE
    PERFORM ventanal_refrescar_reservado(ARRAY(
      SELECT unnest(ARRAY[o.codigo, n.codigo])
        FROM viejas o JOIN nuevas n ON n.id = o.id
       WHERE (o.codigo, o.presupuesto_id, o.cantidad) IS DISTINCT FROM (n.codigo, n.presupuesto_id, n.cantidad)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- seguimiento_obras: the codes of the pautas of the works whose activity may have changed.
CREATE FUNCTION ventanal_reservado_obras() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  obras integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    obras := ARRAY(SELECT presupuesto_id FROM nuevas);
  ELSIF TG_OP = 'DELETE' THEN
    obras := ARRAY(SELECT presupuesto_id FROM viejas);
  ELSE
    obras := ARRAY(
      SELECT unnest(ARRAY[o.presupuesto_id, n.presupuesto_id])
        FROM viejas o JOIN nuevas n ON n.id = o.id
       WHERE (o.presupuesto_id, o.recepcion_final) IS DISTINCT FROM (n.presupuesto_id, n.recepcion_final));
  END IF;
  IF cardinality(obras) > 0 THEN
    -- Planned on every call, like the refresh (pautas grows after the session's first call).
    EXECUTE 'SELECT ventanal_refrescar_reservado(ARRAY(SELECT DISTINCT codigo FROM pautas WHERE presupuesto_id = ANY ($1)))' USING obras;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- materiales: a product created (or its code changed) takes what the works already ask of its code.
CREATE FUNCTION ventanal_reservado_materiales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ventanal_refrescar_reservado(ARRAY(SELECT codigo FROM nuevas));
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE FUNCTION ventanal_reservado_material_codigo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ventanal_refrescar_reservado(ARRAY[NEW.codigo]);
  RETURN NULL;
END $$;
--> statement-breakpoint

-- A table emptied at once: every product that held something is refreshed.
CREATE FUNCTION ventanal_reservado_vaciado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ventanal_refrescar_reservado(ARRAY(SELECT codigo FROM materiales WHERE stock_reservado <> 0));
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE TRIGGER pautas_reservado_ins AFTER INSERT ON pautas REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_lineas();
--> statement-breakpoint
CREATE TRIGGER pautas_reservado_upd AFTER UPDATE ON pautas REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_lineas();
--> statement-breakpoint
CREATE TRIGGER pautas_reservado_del AFTER DELETE ON pautas REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_lineas();
--> statement-breakpoint
CREATE TRIGGER pautas_reservado_trunc AFTER TRUNCATE ON pautas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_vaciado();
--> statement-breakpoint
CREATE TRIGGER salidas_reservado_ins AFTER INSERT ON salidas_inventario REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_lineas();
--> statement-breakpoint
CREATE TRIGGER salidas_reservado_upd AFTER UPDATE ON salidas_inventario REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_lineas();
--> statement-breakpoint
CREATE TRIGGER salidas_reservado_del AFTER DELETE ON salidas_inventario REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_lineas();
--> statement-breakpoint
CREATE TRIGGER salidas_reservado_trunc AFTER TRUNCATE ON salidas_inventario FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_vaciado();
--> statement-breakpoint
CREATE TRIGGER seguimiento_reservado_ins AFTER INSERT ON seguimiento_obras REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obras();
--> statement-breakpoint
CREATE TRIGGER seguimiento_reservado_upd AFTER UPDATE ON seguimiento_obras REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obras();
--> statement-breakpoint
CREATE TRIGGER seguimiento_reservado_del AFTER DELETE ON seguimiento_obras REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obras();
--> statement-breakpoint
CREATE TRIGGER seguimiento_reservado_trunc AFTER TRUNCATE ON seguimiento_obras FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_vaciado();
--> statement-breakpoint
CREATE TRIGGER materiales_reservado_ins AFTER INSERT ON materiales REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_materiales();
--> statement-breakpoint
CREATE TRIGGER materiales_reservado_codigo AFTER UPDATE OF codigo ON materiales FOR EACH ROW WHEN (old.codigo IS DISTINCT FROM new.codigo) EXECUTE FUNCTION ventanal_reservado_material_codigo();
--> statement-breakpoint

-- Backfill: every product with reserved stock from the definition, from scratch.
UPDATE materiales m
   SET stock_reservado = r.reservado
  FROM (SELECT codigo, sum(pendiente) AS reservado FROM reservas_obra GROUP BY codigo) r
 WHERE m.codigo = r.codigo;
