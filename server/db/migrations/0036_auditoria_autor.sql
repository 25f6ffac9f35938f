ALTER TABLE "auditoria" ADD COLUMN "usuario_nombre" text;--> statement-breakpoint
ALTER TABLE "auditoria" ADD COLUMN "usuario_rol" text;