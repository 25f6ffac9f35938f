-- Issue 23.5: before the uniqueness of a supplier document becomes a constraint, the
-- documents registered twice are kept (nothing with money on it is deleted) but set apart:
-- the oldest row of each document keeps its number; every later copy gets its number
-- suffixed " (duplicado <id>)" and a note in observaciones_internas, so the index can be
-- built and the copies are found and corrected by hand. The key is the one of the indexes:
-- supplier name (trimmed, any case) or issuer RUT (digits and K only), document kind (the
-- SII type, else 33 for an invoice number, 52 for a delivery-note number) and number
-- (trimmed, any case).
WITH keyed AS (
  SELECT id, row_number() OVER (
    PARTITION BY lower(btrim(proveedor)),
      coalesce(tipo_dte, CASE WHEN numero_factura IS NULL THEN 52 ELSE 33 END),
      lower(btrim(coalesce(numero_factura, numero_guia)))
    ORDER BY id) AS n
  FROM facturas_guias
  WHERE coalesce(numero_factura, numero_guia) IS NOT NULL
)
UPDATE facturas_guias f SET
  numero_factura = CASE WHEN f.numero_factura IS NOT NULL THEN f.numero_factura || ' (duplicado ' || f.id || ')' END,
  numero_guia = CASE WHEN f.numero_factura IS NULL THEN f.numero_guia || ' (duplicado ' || f.id || ')' ELSE f.numero_guia END,
  observaciones_internas = concat_ws(E'\n', 'Documento registrado dos veces: se conserva el primer registro y este quedó marcado como duplicado; revíselo.', f.observaciones_internas)
FROM keyed k
WHERE k.id = f.id AND k.n > 1;
--> statement-breakpoint
WITH keyed AS (
  SELECT id, row_number() OVER (
    PARTITION BY upper(regexp_replace(coalesce(rut_proveedor, ''), '[^0-9kK]', '', 'g')),
      coalesce(tipo_dte, CASE WHEN numero_factura IS NULL THEN 52 ELSE 33 END),
      lower(btrim(coalesce(numero_factura, numero_guia)))
    ORDER BY id) AS n
  FROM facturas_guias
  WHERE coalesce(numero_factura, numero_guia) IS NOT NULL
    AND upper(regexp_replace(coalesce(rut_proveedor, ''), '[^0-9kK]', '', 'g')) <> ''
)
UPDATE facturas_guias f SET
  numero_factura = CASE WHEN f.numero_factura IS NOT NULL THEN f.numero_factura || ' (duplicado ' || f.id || ')' END,
  numero_guia = CASE WHEN f.numero_factura IS NULL THEN f.numero_guia || ' (duplicado ' || f.id || ')' ELSE f.numero_guia END,
  observaciones_internas = concat_ws(E'\n', 'Documento registrado dos veces: se conserva el primer registro y este quedó marcado como duplicado; revíselo.', f.observaciones_internas)
FROM keyed k
WHERE k.id = f.id AND k.n > 1;
