ALTER TABLE "materiales" ADD COLUMN "stock_reservado" numeric(18, 4) DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "materiales_reservado_idx" ON "materiales" USING btree ("stock_reservado" DESC NULLS FIRST,"codigo");--> statement-breakpoint
CREATE VIEW "public"."reservas_obra" AS (select n.presupuesto_id, n.codigo,
  greatest(n.necesita - coalesce((select sum(s.cantidad) from salidas_inventario s where s.presupuesto_id = n.presupuesto_id and s.codigo = n.codigo), 0), 0)::numeric(18,4) as pendiente
from (
  select p.presupuesto_id, p.codigo, sum(p.cantidad) as necesita
  from pautas p
  where coalesce((select not so.recepcion_final from seguimiento_obras so where so.presupuesto_id = p.presupuesto_id), false)
  group by p.presupuesto_id, p.codigo
) n);