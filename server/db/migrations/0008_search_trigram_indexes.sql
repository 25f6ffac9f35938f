-- The global search (GET api/buscar) looks for text inside each record's searchable
-- fields folded as server/lists/fold.ts folds them (lower(translate(...)): case and accents
-- ignored). Folding every row on every search costs ~10 µs a value; a trigram index over
-- the same expression (server/services/search/haystack.ts) answers `like '%text%'` from
-- the index instead. pg_trgm ships with PostgreSQL and with PGlite (loaded in pglite-worker.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS clientes_busqueda_trgm ON clientes USING gin (lower(translate(coalesce(nombre, '') || chr(1) || coalesce(rut, '') || chr(1) || coalesce(replace(rut, '.', ''), ''), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS presupuestos_busqueda_trgm ON presupuestos USING gin (lower(translate(coalesce(numero, '') || chr(1) || coalesce(nombre_obra, ''), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS ordenes_compra_busqueda_trgm ON ordenes_compra USING gin (lower(translate(numero_oc::text || chr(1) || coalesce(proveedor, ''), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS materiales_busqueda_trgm ON materiales USING gin (lower(translate(coalesce(codigo, '') || chr(1) || coalesce(producto, ''), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS proveedores_busqueda_trgm ON proveedores USING gin (lower(translate(coalesce(proveedor, '') || chr(1) || coalesce(rut, '') || chr(1) || coalesce(replace(rut, '.', ''), ''), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS facturas_guias_busqueda_trgm ON facturas_guias USING gin (lower(translate(coalesce(numero_factura, '') || chr(1) || coalesce(numero_guia, ''), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')) gin_trgm_ops);
