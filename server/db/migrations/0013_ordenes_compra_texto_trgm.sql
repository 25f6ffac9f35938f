-- The order list's q (server/services/purchasing/list-ordenes.ts, ORDER_TEXT) looks for
-- text inside an order's own fields joined by chr(1) and folded as server/lists/fold.ts
-- folds them; this trigram index over exactly that expression answers it from the index.
CREATE INDEX IF NOT EXISTS ordenes_compra_texto_trgm ON ordenes_compra USING gin (lower(translate(coalesce(proveedor, '') || chr(1) || coalesce(numero_presupuesto, '') || chr(1) || coalesce(observacion, '') || chr(1) || coalesce(comentario, '') || chr(1) || coalesce(cliente_nombre, ''), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')) gin_trgm_ops);
