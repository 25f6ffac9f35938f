// The supplier invoices of the facturas bench scripts (explain-facturas.ts, profile-facturas.ts):
// 40 suppliers and n invoices over the last 18 months, paid as a real ledger would be, by SQL.
/** SQL that inserts them (then ANALYZE); `observacion` also fills some observations. */
export function invoicesSql(n: number, { observacion = false } = {}): string {
  return `
  select setseed(0.42);
  insert into proveedores (proveedor, dias_credito)
    select 'Proveedor ' || g, (array[0, 0, 30, 30, 30, 30, 30, 45, 45, 60])[1 + floor(random() * 10)::int] from generate_series(1, 40) g;
  with hoy as (select (now() at time zone 'America/Santiago')::date as d),
  x as (
    select g, (select d from hoy) - floor(random() ^ 2 * 540)::int as fecha, 1 + floor(random() * 40)::int as pid,
           (20 + floor(random() * 3980)) * 1000 as neto, random() as r
      from generate_series(1, ${n}) g
  )
  insert into facturas_guias (proveedor_id, proveedor, numero_factura, fecha, monto_neto, iva, monto_total, dias_credito, estado_pago, fecha_pago, fecha_recepcion${observacion ? ", observacion" : ""})
  select p.id, p.proveedor, 'F-' || x.g, x.fecha, x.neto, round(x.neto * 0.19), x.neto + round(x.neto * 0.19), p.dias_credito,
         case when paid then 'Pagado' end, case when paid then x.fecha end, x.fecha${observacion ? ", case when x.r < 0.3 then 'Despacho parcial, revisar guía' end" : ""}
    from x join proveedores p on p.id = x.pid
    cross join lateral (select p.dias_credito > 0 and (case when x.fecha + p.dias_credito < (select d from hoy) then x.r < 0.88 else x.r < 0.2 end) as paid) k;
  analyze;
`;
}
