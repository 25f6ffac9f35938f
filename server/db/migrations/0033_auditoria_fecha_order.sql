-- «Historial de cambios» newest first by (fecha, id) (server/services/auditoria/list-auditoria.ts):
-- a week's page and a record's page are read in the list's order by index, so they cost the
-- same at any size of the table (a week ten months back among 2,000,000 rows, in id order:
-- 917,523 rows skipped, 220–260 ms; now 55 buffers, 0.1 ms: README "Escala ×10").
DROP INDEX "auditoria_fecha_idx";--> statement-breakpoint
DROP INDEX "auditoria_registro_idx";--> statement-breakpoint
CREATE INDEX "auditoria_fecha_idx" ON "auditoria" USING btree ("fecha","id");--> statement-breakpoint
CREATE INDEX "auditoria_registro_idx" ON "auditoria" USING btree ("registro","fecha","id");