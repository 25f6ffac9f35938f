-- The planner's estimate of an invoice's paid condition (the expression of estadoCalculadoIs,
-- server/services/operations/factura-row.ts, and of the partial indexes of 0027) with its
-- credit days: without it the paid share was guessed at 0.5 % and the unpaid at 99.5 %, and a
-- state's capped total (count up to 1,001) built a bitmap of every paid invoice.
CREATE STATISTICS IF NOT EXISTS facturas_guias_estado_stx ON (lower(trim(coalesce(estado_pago, '')))), dias_credito FROM facturas_guias;--> statement-breakpoint
ANALYZE facturas_guias;
