-- ventanal_append_only: live text (last defined by migration 0001_append_only_audit).
--
-- Append-only tables: the database itself refuses UPDATE and DELETE.
CREATE OR REPLACE FUNCTION public.ventanal_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'La tabla % es de solo inserción', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$function$;
--> statement-breakpoint
CREATE TRIGGER auditoria_append_only BEFORE DELETE OR UPDATE ON public.auditoria FOR EACH ROW EXECUTE FUNCTION ventanal_append_only();
--> statement-breakpoint
CREATE TRIGGER auditoria_no_truncate BEFORE TRUNCATE ON public.auditoria FOR EACH STATEMENT EXECUTE FUNCTION ventanal_append_only();
--> statement-breakpoint
CREATE TRIGGER movimientos_stock_append_only BEFORE DELETE OR UPDATE ON public.movimientos_stock FOR EACH ROW EXECUTE FUNCTION ventanal_append_only();
--> statement-breakpoint
CREATE TRIGGER movimientos_stock_no_truncate BEFORE TRUNCATE ON public.movimientos_stock FOR EACH STATEMENT EXECUTE FUNCTION ventanal_append_only();
