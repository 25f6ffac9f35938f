-- The order list's q now reads ordenes_compra.texto_busqueda (the same folded text, stored by
-- 0019 and indexed there): the index over the expression (0013) is no longer read.
DROP INDEX IF EXISTS ordenes_compra_texto_trgm;--> statement-breakpoint
-- PGlite has no autovacuum: the new column's statistics, for the search's plans.
ANALYZE ordenes_compra;
