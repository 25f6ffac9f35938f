-- Append-only tables: the database itself refuses UPDATE and DELETE.
CREATE OR REPLACE FUNCTION ventanal_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'La tabla % es de solo inserción', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER auditoria_append_only BEFORE UPDATE OR DELETE ON "auditoria"
  FOR EACH ROW EXECUTE FUNCTION ventanal_append_only();
--> statement-breakpoint
CREATE TRIGGER auditoria_no_truncate BEFORE TRUNCATE ON "auditoria"
  FOR EACH STATEMENT EXECUTE FUNCTION ventanal_append_only();
