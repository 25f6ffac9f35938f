-- The stock ledger is append-only, like the audit table: the database itself refuses
-- UPDATE, DELETE and TRUNCATE (a correction is a new AJUSTE movement).
CREATE TRIGGER movimientos_stock_append_only BEFORE UPDATE OR DELETE ON "movimientos_stock"
  FOR EACH ROW EXECUTE FUNCTION ventanal_append_only();
--> statement-breakpoint
CREATE TRIGGER movimientos_stock_no_truncate BEFORE TRUNCATE ON "movimientos_stock"
  FOR EACH STATEMENT EXECUTE FUNCTION ventanal_append_only();
