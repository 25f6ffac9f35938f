-- auditoria.usuario_nombre and usuario_rol of the rows written before they existed (issue 32):
-- the author's name and role read from the users as they are now (the best there is; from
-- now on write() stores them when the row is written). Rows of a user already deleted keep
-- null and show «Sistema», as before. The table is append-only (a trigger): this one
-- backfill runs with the trigger off.
ALTER TABLE "auditoria" DISABLE TRIGGER "auditoria_append_only";--> statement-breakpoint
UPDATE "auditoria" a SET "usuario_nombre" = u."nombre", "usuario_rol" = u."rol"
FROM "usuarios" u
WHERE u."id" = a."usuario_id" AND a."usuario_nombre" IS NULL;--> statement-breakpoint
ALTER TABLE "auditoria" ENABLE TRIGGER "auditoria_append_only";
