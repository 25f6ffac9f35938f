-- Issue 23.1: an item sent twice in one receipt (POST api/ingresar_factura) left two lines
-- of that item in the receipt, and both entered stock. Before the unique index
-- (recepcion_id, item_id) of the next migration, each such group becomes its first line,
-- whose diferencia is what the group put into stock (so the receipt still matches its
-- INGRESO movements, which stay: a correction is a stock adjustment).
UPDATE "recepciones_oc_items" AS r
   SET "diferencia" = g.total
  FROM (SELECT "recepcion_id", "item_id", min("id") AS keep, sum("diferencia") AS total
          FROM "recepciones_oc_items"
         GROUP BY "recepcion_id", "item_id"
        HAVING count(*) > 1) AS g
 WHERE r."id" = g.keep;
--> statement-breakpoint
DELETE FROM "recepciones_oc_items" AS r
 USING (SELECT "recepcion_id", "item_id", min("id") AS keep
          FROM "recepciones_oc_items"
         GROUP BY "recepcion_id", "item_id"
        HAVING count(*) > 1) AS g
 WHERE r."recepcion_id" = g."recepcion_id" AND r."item_id" = g."item_id" AND r."id" <> g.keep;
