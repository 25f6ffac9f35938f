-- An invoice's due date is fecha + dias_credito (server/services/operations/factura-row.ts,
-- dueDate). Its state (Vencida, Vigente) depends on today's date and cannot be stored; the
-- lists and the "Hoy" cards sort and filter by the due date itself, which this index keeps.
CREATE INDEX IF NOT EXISTS facturas_guias_vencimiento_idx ON facturas_guias ((fecha + dias_credito), id);
