CREATE TABLE "pautas" (
	"id" serial PRIMARY KEY NOT NULL,
	"categoria" text NOT NULL,
	"cliente_id" integer NOT NULL,
	"presupuesto_id" integer NOT NULL,
	"numero_presupuesto" text NOT NULL,
	"codigo" text NOT NULL,
	"producto" text NOT NULL,
	"cantidad" numeric NOT NULL,
	"cantidad_original" numeric NOT NULL,
	"separado" boolean DEFAULT false NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pautas_categoria_ck" CHECK ("pautas"."categoria" in ('perfiles','refuerzos','herraje','accesorios','gomascepillos','tornillos','vidrio','instalacion'))
);
--> statement-breakpoint
CREATE TABLE "ajustes_stock" (
	"id" serial PRIMARY KEY NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"codigo" text NOT NULL,
	"producto" text NOT NULL,
	"stock_anterior" numeric NOT NULL,
	"diferencia" numeric NOT NULL,
	"stock_nuevo" numeric NOT NULL,
	"comentario" text NOT NULL,
	"usuario" text NOT NULL,
	"usuario_id" integer,
	CONSTRAINT "ajustes_stock_diferencia_ck" CHECK ("ajustes_stock"."diferencia" <> 0)
);
--> statement-breakpoint
CREATE TABLE "materiales" (
	"codigo" text PRIMARY KEY NOT NULL,
	"producto" text NOT NULL,
	"unidad" text DEFAULT 'UN' NOT NULL,
	"precio_unitario" numeric DEFAULT 0 NOT NULL,
	"stock_minimo" numeric DEFAULT 0 NOT NULL,
	"stock_actual" numeric DEFAULT 0 NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "materiales_stock_no_negativo_ck" CHECK ("materiales"."stock_actual" >= 0)
);
--> statement-breakpoint
CREATE TABLE "movimientos_stock" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"codigo" text NOT NULL,
	"tipo" text NOT NULL,
	"cantidad" numeric NOT NULL,
	"precio_unitario" numeric,
	"saldo" numeric NOT NULL,
	"documento" text NOT NULL,
	"numero_oc" integer,
	"recepcion_id" integer,
	"salida_id" integer,
	"ajuste_id" integer,
	"usuario_id" integer,
	CONSTRAINT "movimientos_stock_tipo_ck" CHECK ("movimientos_stock"."tipo" in ('INGRESO','SALIDA','AJUSTE')),
	CONSTRAINT "movimientos_stock_cantidad_ck" CHECK ("movimientos_stock"."cantidad" <> 0)
);
--> statement-breakpoint
CREATE TABLE "salidas_inventario" (
	"id" serial PRIMARY KEY NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"codigo" text NOT NULL,
	"producto" text NOT NULL,
	"cantidad" numeric NOT NULL,
	"precio_neto" numeric DEFAULT 0 NOT NULL,
	"cliente_id" integer NOT NULL,
	"presupuesto_id" integer NOT NULL,
	"cliente_nombre" text NOT NULL,
	"presupuesto_numero" text NOT NULL,
	"nombre_obra" text,
	"observacion" text,
	"usuario_id" integer,
	CONSTRAINT "salidas_inventario_cantidad_ck" CHECK ("salidas_inventario"."cantidad" > 0)
);
--> statement-breakpoint
CREATE TABLE "solicitudes_bodega" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"producto" text NOT NULL,
	"cantidad" numeric NOT NULL,
	"solicitante" text NOT NULL,
	"estado" text DEFAULT 'Pendiente' NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_aprobacion" timestamp with time zone,
	"aprobado_por" text,
	"aprobado_por_id" integer,
	"creado_por_id" integer,
	CONSTRAINT "solicitudes_bodega_cantidad_ck" CHECK ("solicitudes_bodega"."cantidad" >= 1)
);
--> statement-breakpoint
CREATE TABLE "items_oc" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero_oc" integer NOT NULL,
	"codigo" text NOT NULL,
	"producto" text NOT NULL,
	"unidad" text DEFAULT 'UN' NOT NULL,
	"cantidad" numeric NOT NULL,
	"precio_unitario" numeric NOT NULL,
	"costo_neto" numeric,
	"observacion" text,
	"cantidad_llegada" numeric DEFAULT 0 NOT NULL,
	"observacion_ingreso" text,
	CONSTRAINT "items_oc_cantidad_ck" CHECK ("items_oc"."cantidad" > 0),
	CONSTRAINT "items_oc_llegada_ck" CHECK ("items_oc"."cantidad_llegada" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ordenes_compra" (
	"numero_oc" integer PRIMARY KEY NOT NULL,
	"proveedor_id" integer NOT NULL,
	"proveedor" text NOT NULL,
	"fecha" date NOT NULL,
	"realizado_por" text NOT NULL,
	"comentario" text,
	"cliente_id" integer,
	"cliente_nombre" text,
	"presupuesto_id" integer,
	"numero_presupuesto" text,
	"observacion" text,
	"factura" text,
	"fecha_factura" date,
	"creado_por_id" integer,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ordenes_compra_numero_ck" CHECK ("ordenes_compra"."numero_oc" > 0)
);
--> statement-breakpoint
CREATE TABLE "proveedores" (
	"id" serial PRIMARY KEY NOT NULL,
	"proveedor" text NOT NULL,
	"rut" text,
	"vendedor" text,
	"contacto" text,
	"banco" text,
	"tipo_de_cuenta" text,
	"numero_cuenta" text,
	"dias_credito" integer DEFAULT 0 NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proveedores_dias_credito_ck" CHECK ("proveedores"."dias_credito" >= 0)
);
--> statement-breakpoint
CREATE TABLE "recepciones_oc" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero_oc" integer NOT NULL,
	"factura" text NOT NULL,
	"fecha_factura" date NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer
);
--> statement-breakpoint
CREATE TABLE "recepciones_oc_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"recepcion_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"codigo" text NOT NULL,
	"cantidad_anterior" numeric NOT NULL,
	"cantidad_llegada" numeric NOT NULL,
	"diferencia" numeric NOT NULL,
	"precio_unitario" numeric NOT NULL,
	"observacion_ingreso" text
);
--> statement-breakpoint
CREATE TABLE "facturas_guias" (
	"id" serial PRIMARY KEY NOT NULL,
	"proveedor_id" integer,
	"proveedor" text NOT NULL,
	"rut_proveedor" text,
	"tipo_dte" integer,
	"numero_guia" text,
	"numero_factura" text,
	"fecha" date NOT NULL,
	"monto_neto" bigint DEFAULT 0 NOT NULL,
	"iva" bigint DEFAULT 0 NOT NULL,
	"monto_total" bigint DEFAULT 0 NOT NULL,
	"observacion" text,
	"dias_credito" integer DEFAULT 0 NOT NULL,
	"estado_pago" text,
	"fecha_pago" date,
	"observaciones_internas" text,
	"fecha_recepcion" date NOT NULL,
	"numero_oc" integer,
	"creado_por_id" integer,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facturas_guias_dias_credito_ck" CHECK ("facturas_guias"."dias_credito" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pagos_clientes" (
	"id" serial PRIMARY KEY NOT NULL,
	"cliente_id" integer NOT NULL,
	"presupuesto_id" integer NOT NULL,
	"fecha_pago" date NOT NULL,
	"monto" bigint NOT NULL,
	"estado" text,
	"observacion" text,
	"creado_por_id" integer,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taller_termopanel" (
	"id" serial PRIMARY KEY NOT NULL,
	"fecha" date NOT NULL,
	"cliente" text,
	"cantidad" integer DEFAULT 1 NOT NULL,
	"ancho_mm" numeric NOT NULL,
	"alto_mm" numeric NOT NULL,
	"m2" numeric NOT NULL,
	"observaciones" text,
	"valor_m2" numeric DEFAULT 1500 NOT NULL,
	"creado_por_id" integer,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taller_utv" (
	"id" serial PRIMARY KEY NOT NULL,
	"fecha" date NOT NULL,
	"nombre_pauta" text,
	"numero_pauta" text,
	"tipo" text DEFAULT 'PVC' NOT NULL,
	"fijo" integer DEFAULT 0 NOT NULL,
	"doble_corredera_fijo" integer DEFAULT 0 NOT NULL,
	"proyectante" integer DEFAULT 0 NOT NULL,
	"oscilobatiente" integer DEFAULT 0 NOT NULL,
	"doble_corredera" integer DEFAULT 0 NOT NULL,
	"marco_puerta" integer DEFAULT 0 NOT NULL,
	"marcos_adicionales" integer DEFAULT 0 NOT NULL,
	"comentario_marcos" text,
	"otro" integer DEFAULT 0 NOT NULL,
	"comentario_otro" text,
	"valor_m2" numeric DEFAULT 3000 NOT NULL,
	"m2_instalador" numeric DEFAULT 0 NOT NULL,
	"instalador" text,
	"creado_por_id" integer,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trabajadores" (
	"id" serial PRIMARY KEY NOT NULL,
	"periodo" text NOT NULL,
	"nombre" text NOT NULL,
	"dias_trab" integer DEFAULT 0 NOT NULL,
	"horas_trab" numeric DEFAULT 0 NOT NULL,
	"horas_extras" numeric DEFAULT 0 NOT NULL,
	"horas_retraso" numeric DEFAULT 0 NOT NULL,
	"observacion" text,
	"horas_acum_trab" numeric DEFAULT 0 NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pautas" ADD CONSTRAINT "pautas_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pautas" ADD CONSTRAINT "pautas_presupuesto_id_presupuestos_id_fk" FOREIGN KEY ("presupuesto_id") REFERENCES "public"."presupuestos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ajustes_stock" ADD CONSTRAINT "ajustes_stock_codigo_materiales_codigo_fk" FOREIGN KEY ("codigo") REFERENCES "public"."materiales"("codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ajustes_stock" ADD CONSTRAINT "ajustes_stock_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos_stock" ADD CONSTRAINT "movimientos_stock_codigo_materiales_codigo_fk" FOREIGN KEY ("codigo") REFERENCES "public"."materiales"("codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos_stock" ADD CONSTRAINT "movimientos_stock_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salidas_inventario" ADD CONSTRAINT "salidas_inventario_codigo_materiales_codigo_fk" FOREIGN KEY ("codigo") REFERENCES "public"."materiales"("codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salidas_inventario" ADD CONSTRAINT "salidas_inventario_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salidas_inventario" ADD CONSTRAINT "salidas_inventario_presupuesto_id_presupuestos_id_fk" FOREIGN KEY ("presupuesto_id") REFERENCES "public"."presupuestos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salidas_inventario" ADD CONSTRAINT "salidas_inventario_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes_bodega" ADD CONSTRAINT "solicitudes_bodega_aprobado_por_id_usuarios_id_fk" FOREIGN KEY ("aprobado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes_bodega" ADD CONSTRAINT "solicitudes_bodega_creado_por_id_usuarios_id_fk" FOREIGN KEY ("creado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items_oc" ADD CONSTRAINT "items_oc_numero_oc_ordenes_compra_numero_oc_fk" FOREIGN KEY ("numero_oc") REFERENCES "public"."ordenes_compra"("numero_oc") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items_oc" ADD CONSTRAINT "items_oc_codigo_materiales_codigo_fk" FOREIGN KEY ("codigo") REFERENCES "public"."materiales"("codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD CONSTRAINT "ordenes_compra_proveedor_id_proveedores_id_fk" FOREIGN KEY ("proveedor_id") REFERENCES "public"."proveedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD CONSTRAINT "ordenes_compra_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD CONSTRAINT "ordenes_compra_presupuesto_id_presupuestos_id_fk" FOREIGN KEY ("presupuesto_id") REFERENCES "public"."presupuestos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD CONSTRAINT "ordenes_compra_creado_por_id_usuarios_id_fk" FOREIGN KEY ("creado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recepciones_oc" ADD CONSTRAINT "recepciones_oc_numero_oc_ordenes_compra_numero_oc_fk" FOREIGN KEY ("numero_oc") REFERENCES "public"."ordenes_compra"("numero_oc") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recepciones_oc" ADD CONSTRAINT "recepciones_oc_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recepciones_oc_items" ADD CONSTRAINT "recepciones_oc_items_recepcion_id_recepciones_oc_id_fk" FOREIGN KEY ("recepcion_id") REFERENCES "public"."recepciones_oc"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recepciones_oc_items" ADD CONSTRAINT "recepciones_oc_items_item_id_items_oc_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items_oc"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas_guias" ADD CONSTRAINT "facturas_guias_proveedor_id_proveedores_id_fk" FOREIGN KEY ("proveedor_id") REFERENCES "public"."proveedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas_guias" ADD CONSTRAINT "facturas_guias_numero_oc_ordenes_compra_numero_oc_fk" FOREIGN KEY ("numero_oc") REFERENCES "public"."ordenes_compra"("numero_oc") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas_guias" ADD CONSTRAINT "facturas_guias_creado_por_id_usuarios_id_fk" FOREIGN KEY ("creado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_clientes" ADD CONSTRAINT "pagos_clientes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_clientes" ADD CONSTRAINT "pagos_clientes_presupuesto_id_presupuestos_id_fk" FOREIGN KEY ("presupuesto_id") REFERENCES "public"."presupuestos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_clientes" ADD CONSTRAINT "pagos_clientes_creado_por_id_usuarios_id_fk" FOREIGN KEY ("creado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taller_termopanel" ADD CONSTRAINT "taller_termopanel_creado_por_id_usuarios_id_fk" FOREIGN KEY ("creado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taller_utv" ADD CONSTRAINT "taller_utv_creado_por_id_usuarios_id_fk" FOREIGN KEY ("creado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pautas_presupuesto_categoria_codigo_uq" ON "pautas" USING btree ("presupuesto_id","categoria","codigo");--> statement-breakpoint
CREATE INDEX "pautas_categoria_idx" ON "pautas" USING btree ("categoria","id");--> statement-breakpoint
CREATE INDEX "pautas_codigo_idx" ON "pautas" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "ajustes_stock_codigo_idx" ON "ajustes_stock" USING btree ("codigo","id");--> statement-breakpoint
CREATE UNIQUE INDEX "materiales_producto_uq" ON "materiales" USING btree (lower("producto"));--> statement-breakpoint
CREATE INDEX "movimientos_stock_codigo_idx" ON "movimientos_stock" USING btree ("codigo","id");--> statement-breakpoint
CREATE INDEX "movimientos_stock_fecha_idx" ON "movimientos_stock" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "salidas_inventario_presupuesto_codigo_idx" ON "salidas_inventario" USING btree ("presupuesto_id","codigo");--> statement-breakpoint
CREATE INDEX "salidas_inventario_fecha_idx" ON "salidas_inventario" USING btree ("fecha","id");--> statement-breakpoint
CREATE INDEX "salidas_inventario_codigo_idx" ON "salidas_inventario" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "solicitudes_bodega_estado_idx" ON "solicitudes_bodega" USING btree ("estado","id");--> statement-breakpoint
CREATE INDEX "items_oc_numero_idx" ON "items_oc" USING btree ("numero_oc","id");--> statement-breakpoint
CREATE INDEX "items_oc_codigo_idx" ON "items_oc" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "ordenes_compra_fecha_idx" ON "ordenes_compra" USING btree ("fecha","numero_oc");--> statement-breakpoint
CREATE INDEX "ordenes_compra_proveedor_idx" ON "ordenes_compra" USING btree ("proveedor_id");--> statement-breakpoint
CREATE INDEX "ordenes_compra_presupuesto_idx" ON "ordenes_compra" USING btree ("presupuesto_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proveedores_nombre_uq" ON "proveedores" USING btree (lower("proveedor"));--> statement-breakpoint
CREATE UNIQUE INDEX "proveedores_rut_uq" ON "proveedores" USING btree ("rut") WHERE "proveedores"."rut" is not null;--> statement-breakpoint
CREATE INDEX "recepciones_oc_numero_idx" ON "recepciones_oc" USING btree ("numero_oc","id");--> statement-breakpoint
CREATE INDEX "recepciones_oc_items_recepcion_idx" ON "recepciones_oc_items" USING btree ("recepcion_id");--> statement-breakpoint
CREATE INDEX "recepciones_oc_items_item_idx" ON "recepciones_oc_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "facturas_guias_proveedor_idx" ON "facturas_guias" USING btree ("proveedor","fecha");--> statement-breakpoint
CREATE INDEX "facturas_guias_fecha_idx" ON "facturas_guias" USING btree ("fecha","id");--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_guias_dte_uq" ON "facturas_guias" USING btree ("rut_proveedor","tipo_dte","numero_factura") WHERE "facturas_guias"."rut_proveedor" is not null and "facturas_guias"."tipo_dte" is not null and "facturas_guias"."numero_factura" is not null;--> statement-breakpoint
CREATE INDEX "pagos_clientes_presupuesto_idx" ON "pagos_clientes" USING btree ("presupuesto_id","id");--> statement-breakpoint
CREATE INDEX "pagos_clientes_cliente_idx" ON "pagos_clientes" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "taller_termopanel_fecha_idx" ON "taller_termopanel" USING btree ("fecha","id");--> statement-breakpoint
CREATE INDEX "taller_utv_fecha_idx" ON "taller_utv" USING btree ("fecha","id");--> statement-breakpoint
CREATE UNIQUE INDEX "trabajadores_periodo_nombre_uq" ON "trabajadores" USING btree ("periodo",lower("nombre"));