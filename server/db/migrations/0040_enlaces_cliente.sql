CREATE TABLE "intentos_publicos" (
	"clave" text PRIMARY KEY NOT NULL,
	"desde" timestamp with time zone NOT NULL,
	"cuenta" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aceptaciones_presupuesto" (
	"id" serial PRIMARY KEY NOT NULL,
	"presupuesto_id" integer NOT NULL,
	"enlace_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"rut" text NOT NULL,
	"firma" text NOT NULL,
	"aceptado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text,
	"hash" text NOT NULL,
	"contenido" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enlaces_presupuesto" (
	"id" serial PRIMARY KEY NOT NULL,
	"presupuesto_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"hash_enviado" text NOT NULL,
	"creado_por" integer,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"vence_en" timestamp with time zone NOT NULL,
	"revocado_en" timestamp with time zone,
	"revocado_por" integer,
	"rechazado_en" timestamp with time zone,
	"motivo_rechazo" text,
	"rechazo_ip" text,
	"rechazo_user_agent" text
);
--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "enlace_vigencia_dias" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD COLUMN "aceptado_fecha" date;--> statement-breakpoint
ALTER TABLE "aceptaciones_presupuesto" ADD CONSTRAINT "aceptaciones_presupuesto_presupuesto_id_presupuestos_id_fk" FOREIGN KEY ("presupuesto_id") REFERENCES "public"."presupuestos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aceptaciones_presupuesto" ADD CONSTRAINT "aceptaciones_presupuesto_enlace_id_enlaces_presupuesto_id_fk" FOREIGN KEY ("enlace_id") REFERENCES "public"."enlaces_presupuesto"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enlaces_presupuesto" ADD CONSTRAINT "enlaces_presupuesto_presupuesto_id_presupuestos_id_fk" FOREIGN KEY ("presupuesto_id") REFERENCES "public"."presupuestos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enlaces_presupuesto" ADD CONSTRAINT "enlaces_presupuesto_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enlaces_presupuesto" ADD CONSTRAINT "enlaces_presupuesto_revocado_por_usuarios_id_fk" FOREIGN KEY ("revocado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "aceptaciones_presupuesto_presupuesto_uq" ON "aceptaciones_presupuesto" USING btree ("presupuesto_id");--> statement-breakpoint
CREATE INDEX "aceptaciones_presupuesto_enlace_idx" ON "aceptaciones_presupuesto" USING btree ("enlace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enlaces_presupuesto_token_uq" ON "enlaces_presupuesto" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "enlaces_presupuesto_presupuesto_idx" ON "enlaces_presupuesto" USING btree ("presupuesto_id","id");--> statement-breakpoint
CREATE INDEX "presupuestos_aceptado_fecha_idx" ON "presupuestos" USING btree ("aceptado_fecha","id") WHERE "presupuestos"."aceptado_fecha" is not null;--> statement-breakpoint
ALTER TABLE "empresa" ADD CONSTRAINT "empresa_enlace_vigencia_ck" CHECK ("empresa"."enlace_vigencia_dias" between 1 and 365);