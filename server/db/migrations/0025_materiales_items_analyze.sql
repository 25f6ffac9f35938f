-- PGlite has no autovacuum: the statistics of materiales' new searchable text (0024) and
-- of items_oc's (codigo, numero_oc) index, for the order list's q plans.
ANALYZE materiales;--> statement-breakpoint
ANALYZE items_oc;
