CREATE TABLE "auditoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	"ruta" text NOT NULL,
	"entidad" text NOT NULL,
	"entidad_id" text,
	"cambios" jsonb
);
--> statement-breakpoint
CREATE TABLE "idempotencia" (
	"usuario_id" integer NOT NULL,
	"clave" text NOT NULL,
	"metodo" text NOT NULL,
	"ruta" text NOT NULL,
	"estado_http" integer,
	"respuesta" jsonb,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotencia_usuario_id_clave_pk" PRIMARY KEY("usuario_id","clave")
);
--> statement-breakpoint
CREATE TABLE "sesiones" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"usuario_id" integer NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_en" timestamp with time zone NOT NULL,
	"revocada_en" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"correo" text NOT NULL,
	"rol" text NOT NULL,
	"password_hash" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clientes" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"rut" text,
	"correo" text,
	"telefono" text,
	"direccion" text,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items_presupuesto" (
	"id" serial PRIMARY KEY NOT NULL,
	"presupuesto_id" integer NOT NULL,
	"item" text,
	"recinto" text,
	"ancho" numeric,
	"alto" numeric,
	"tipo_ventana" text NOT NULL,
	"tipo_apertura" text NOT NULL,
	"grada_buque" boolean DEFAULT false NOT NULL,
	"observaciones" boolean DEFAULT false NOT NULL,
	"texto_observaciones" text,
	"adicional" boolean DEFAULT false NOT NULL,
	"cuadros_adicionales" integer DEFAULT 0 NOT NULL,
	"cantidad" numeric,
	"precio_unitario" numeric,
	"utv" numeric DEFAULT 0 NOT NULL,
	"utv_monto" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presupuestos" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" text NOT NULL,
	"cliente_id" integer NOT NULL,
	"nombre_obra" text,
	"direccion" text,
	"observacion" text,
	"fecha" date NOT NULL,
	"total_neto_presupuestado" bigint DEFAULT 0 NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seguimiento_obras" (
	"id" serial PRIMARY KEY NOT NULL,
	"presupuesto_id" integer NOT NULL,
	"presupuesto" boolean DEFAULT false NOT NULL,
	"rectificacion" boolean DEFAULT false NOT NULL,
	"accesorios" boolean DEFAULT false NOT NULL,
	"gomas_cepillos" boolean DEFAULT false NOT NULL,
	"herraje" boolean DEFAULT false NOT NULL,
	"perfiles" boolean DEFAULT false NOT NULL,
	"refuerzos" boolean DEFAULT false NOT NULL,
	"tornillos" boolean DEFAULT false NOT NULL,
	"vidrio" boolean DEFAULT false NOT NULL,
	"planilla_corte" boolean DEFAULT false NOT NULL,
	"fabricacion" boolean DEFAULT false NOT NULL,
	"acopio" boolean DEFAULT false NOT NULL,
	"despacho" boolean DEFAULT false NOT NULL,
	"instalacion" boolean DEFAULT false NOT NULL,
	"recepcion_final" boolean DEFAULT false NOT NULL,
	"pago" boolean DEFAULT false NOT NULL,
	"rectificacion_fecha" date,
	"rectificacion_plazo_dias" integer DEFAULT 5 NOT NULL,
	"comentario" text,
	"comentario_fecha" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sesiones" ADD CONSTRAINT "sesiones_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items_presupuesto" ADD CONSTRAINT "items_presupuesto_presupuesto_id_presupuestos_id_fk" FOREIGN KEY ("presupuesto_id") REFERENCES "public"."presupuestos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD CONSTRAINT "presupuestos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seguimiento_obras" ADD CONSTRAINT "seguimiento_obras_presupuesto_id_presupuestos_id_fk" FOREIGN KEY ("presupuesto_id") REFERENCES "public"."presupuestos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_entidad_idx" ON "auditoria" USING btree ("entidad","entidad_id");--> statement-breakpoint
CREATE INDEX "auditoria_fecha_idx" ON "auditoria" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "idempotencia_creada_idx" ON "idempotencia" USING btree ("creada_en");--> statement-breakpoint
CREATE UNIQUE INDEX "sesiones_token_hash_uq" ON "sesiones" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sesiones_usuario_idx" ON "sesiones" USING btree ("usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_correo_uq" ON "usuarios" USING btree ("correo");--> statement-breakpoint
CREATE INDEX "usuarios_nombre_idx" ON "usuarios" USING btree ("nombre");--> statement-breakpoint
CREATE INDEX "clientes_nombre_idx" ON "clientes" USING btree ("nombre");--> statement-breakpoint
CREATE UNIQUE INDEX "clientes_rut_uq" ON "clientes" USING btree ("rut") WHERE "clientes"."rut" is not null;--> statement-breakpoint
CREATE INDEX "items_presupuesto_presupuesto_idx" ON "items_presupuesto" USING btree ("presupuesto_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "presupuestos_cliente_numero_uq" ON "presupuestos" USING btree ("cliente_id","numero");--> statement-breakpoint
CREATE INDEX "presupuestos_creado_idx" ON "presupuestos" USING btree ("creado_en","id");--> statement-breakpoint
CREATE INDEX "presupuestos_numero_idx" ON "presupuestos" USING btree ("numero");--> statement-breakpoint
CREATE UNIQUE INDEX "seguimiento_obras_presupuesto_uq" ON "seguimiento_obras" USING btree ("presupuesto_id");