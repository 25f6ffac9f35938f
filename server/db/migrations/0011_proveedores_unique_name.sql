DROP INDEX "proveedores_nombre_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "proveedores_proveedor_uq" ON "proveedores" USING btree (lower("proveedor"));