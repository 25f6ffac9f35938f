-- auditoria.registro of the rows written before it existed: a row's own record
-- ("tabla:id"), or for an item of a quote or of a purchase order its parent's (from the
-- row's data, the deleted row it keeps, or the item still in its table), so the quote's and
-- the order's «Historial» show their items' changes. The table is append-only (a trigger):
-- this one backfill runs with the trigger off.
ALTER TABLE "auditoria" DISABLE TRIGGER "auditoria_append_only";--> statement-breakpoint
UPDATE "auditoria" a SET "registro" = CASE
  WHEN a."entidad" = 'items_presupuesto' THEN 'presupuestos:' || coalesce(
    a."cambios"->>'presupuesto_id',
    a."cambios"->'eliminado'->>'presupuesto_id',
    (SELECT i."presupuesto_id"::text FROM "items_presupuesto" i WHERE i."id"::text = a."entidad_id"))
  WHEN a."entidad" = 'items_oc' THEN 'ordenes_compra:' || coalesce(
    a."cambios"->>'numero_oc',
    a."cambios"->'eliminado'->>'numero_oc',
    (SELECT i."numero_oc"::text FROM "items_oc" i WHERE i."id"::text = a."entidad_id"))
  ELSE a."entidad" || ':' || a."entidad_id"
END
WHERE a."registro" IS NULL AND a."entidad_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "auditoria" ENABLE TRIGGER "auditoria_append_only";
