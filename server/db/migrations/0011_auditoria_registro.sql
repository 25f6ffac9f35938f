ALTER TABLE "auditoria" ADD COLUMN "registro" text;--> statement-breakpoint
CREATE INDEX "auditoria_registro_idx" ON "auditoria" USING btree ("registro","id");