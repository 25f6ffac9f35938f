CREATE INDEX "clientes_nombre_humano_idx" ON "clientes" USING btree ("nombre" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "clientes_nombre_lower_idx" ON "clientes" USING btree (lower("nombre"));--> statement-breakpoint
CREATE INDEX "presupuestos_numero_lower_idx" ON "presupuestos" USING btree (lower("numero"));--> statement-breakpoint
CREATE INDEX "materiales_producto_humano_idx" ON "materiales" USING btree ("producto" collate "und-x-icu","codigo");--> statement-breakpoint
CREATE INDEX "materiales_codigo_lower_idx" ON "materiales" USING btree (lower("codigo"));--> statement-breakpoint
CREATE INDEX "proveedores_nombre_humano_idx" ON "proveedores" USING btree ("proveedor" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "facturas_guias_numero_factura_idx" ON "facturas_guias" USING btree ("numero_factura");--> statement-breakpoint
CREATE INDEX "facturas_guias_numero_guia_idx" ON "facturas_guias" USING btree ("numero_guia");