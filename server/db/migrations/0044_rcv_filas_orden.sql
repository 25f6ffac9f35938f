-- An RCV import's rows in the order a page shows them (the file's line, then the month's
-- documents the SII does not list), read by (importacion_id, n): ordered by id, a page of a
-- later import of the month walked the primary key through the earlier imports' rows.
ALTER TABLE "rcv_filas" ADD COLUMN "n" integer;--> statement-breakpoint
UPDATE "rcv_filas" r SET "n" = o.n
FROM (SELECT id, row_number() OVER (PARTITION BY importacion_id ORDER BY linea NULLS LAST, id)::int AS n FROM "rcv_filas") o
WHERE o.id = r.id;--> statement-breakpoint
ALTER TABLE "rcv_filas" ALTER COLUMN "n" SET NOT NULL;--> statement-breakpoint
DROP INDEX "rcv_filas_importacion_idx";--> statement-breakpoint
DROP INDEX "rcv_filas_resultado_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "rcv_filas_orden_uq" ON "rcv_filas" USING btree ("importacion_id","n");--> statement-breakpoint
CREATE INDEX "rcv_filas_resultado_idx" ON "rcv_filas" USING btree ("importacion_id","resultado","n");
