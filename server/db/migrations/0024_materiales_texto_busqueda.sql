DROP INDEX "items_oc_codigo_idx";--> statement-breakpoint
ALTER TABLE "materiales" ADD COLUMN "texto_busqueda" text GENERATED ALWAYS AS (lower(translate(coalesce(codigo, '') || chr(1) || coalesce(producto, ''), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))) STORED;--> statement-breakpoint
CREATE INDEX "materiales_texto_busqueda_trgm" ON "materiales" USING gin ("texto_busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_oc_codigo_idx" ON "items_oc" USING btree ("codigo","numero_oc");