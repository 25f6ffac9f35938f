ALTER TABLE "presupuestos" ADD COLUMN "reserva_activa" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "presupuestos_reserva_activa_idx" ON "presupuestos" USING btree ("creado_en","id") WHERE reserva_activa;--> statement-breakpoint
-- presupuestos.reserva_activa: the work is active (its tracking record has recepcion_final
-- false) and has pauta lines: the works "Stock reservado por OT" lists
-- (server/services/pautas/list-obras-reserva.ts). Kept in the transaction of every write
-- to pautas or seguimiento_obras by the statement triggers below; `npm run recompute`
-- checks and rebuilds it (server/services/derived/obras.ts, the same definition).
CREATE FUNCTION ventanal_marcar_reserva_activa(obras integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE presupuestos p SET reserva_activa = x.activa
  FROM (
    SELECT q.id,
      coalesce((SELECT NOT so.recepcion_final FROM seguimiento_obras so WHERE so.presupuesto_id = q.id), false)
        AND EXISTS (SELECT 1 FROM pautas l WHERE l.presupuesto_id = q.id) AS activa
    FROM presupuestos q WHERE q.id = ANY (obras)
  ) x
  WHERE p.id = x.id AND p.reserva_activa IS DISTINCT FROM x.activa;
$$;
--> statement-breakpoint
-- The works a statement on pautas or seguimiento_obras touched. Named ventanal_reservado_*:
-- the seed's bulk inserts switch it off like the reserved-stock triggers
-- (scripts/seed/insert.ts) and set the flag from its definition at the end. The triggers'
-- names sort before the reserved-stock ones (pautas_obra… < pautas_reservado…): a quote
-- row is locked before the products, the order every other writer of a work takes.
CREATE FUNCTION ventanal_reservado_obra_activa() RETURNS trigger LANGUAGE plpgsql AS $$
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
    PERFORM ventanal_marcar_reserva_activa(obras);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION ventanal_reservado_obra_activa_vaciado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- No pauta lines, or no tracking record (no work active): no work is listed.
  UPDATE presupuestos SET reserva_activa = false WHERE reserva_activa;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER pautas_obra_activa_ins AFTER INSERT ON pautas REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obra_activa();
--> statement-breakpoint
CREATE TRIGGER pautas_obra_activa_upd AFTER UPDATE ON pautas REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obra_activa();
--> statement-breakpoint
CREATE TRIGGER pautas_obra_activa_del AFTER DELETE ON pautas REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obra_activa();
--> statement-breakpoint
CREATE TRIGGER pautas_obra_activa_trunc AFTER TRUNCATE ON pautas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obra_activa_vaciado();
--> statement-breakpoint
CREATE TRIGGER seguimiento_obra_activa_ins AFTER INSERT ON seguimiento_obras REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obra_activa();
--> statement-breakpoint
CREATE TRIGGER seguimiento_obra_activa_upd AFTER UPDATE ON seguimiento_obras REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obra_activa();
--> statement-breakpoint
CREATE TRIGGER seguimiento_obra_activa_del AFTER DELETE ON seguimiento_obras REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obra_activa();
--> statement-breakpoint
CREATE TRIGGER seguimiento_obra_activa_trunc AFTER TRUNCATE ON seguimiento_obras FOR EACH STATEMENT EXECUTE FUNCTION ventanal_reservado_obra_activa_vaciado();
--> statement-breakpoint
-- Every quote's flag from its definition (the statement of recompute's backfill).
UPDATE presupuestos p SET reserva_activa = true
WHERE coalesce((SELECT NOT so.recepcion_final FROM seguimiento_obras so WHERE so.presupuesto_id = p.id), false)
  AND EXISTS (SELECT 1 FROM pautas l WHERE l.presupuesto_id = p.id);
