// The SII's purchase register (RCV) imports: their columns, messages, the matching rule in
// SQL and the summary an import keeps (groups, month totals per type, IVA crédito fiscal).
import { eq, sql, type SQL } from "drizzle-orm";
import { rcvFilaRow, rcvImportacionRow, type RcvImportacionRow } from "../../../src/domain/operations/rcv-schemas";
import type { RcvResumen } from "../../../src/domain/operations/rcv";
import { rowColumns } from "../../db/columns";
import type { Db } from "../../db/connect";
import { rcv_filas, rcv_importaciones, usuarios } from "../../db/schema";
import { notFound } from "../../errors";
import type { Tx } from "../write";

export const MSG_RCV_NO_EXISTE = "La importación del Registro de Compras no existe.";
export const MSG_RCV_OTRA_EMPRESA = (archivo: string, empresa: string) =>
  `El archivo es del RUT ${archivo} y la empresa es ${empresa} (Administración → Empresa): descargue el Registro de Compras de la empresa.`;
export const MSG_RCV_BASE64 = "El contenido del archivo debe venir en base64.";

export const rcvImportacionColumns = { ...rowColumns(rcv_importaciones, rcvImportacionRow), usuario_nombre: usuarios.nombre };
export const rcvFilaColumns = rowColumns(rcv_filas, rcvFilaRow);

/** An import with who made it; 404 when it does not exist. */
export async function readImportacion(db: Db | Tx, id: number): Promise<RcvImportacionRow> {
  const [row] = await db.select(rcvImportacionColumns).from(rcv_importaciones).leftJoin(usuarios, eq(usuarios.id, rcv_importaciones.creado_por_id)).where(eq(rcv_importaciones.id, id));
  if (!row) throw notFound(MSG_RCV_NO_EXISTE);
  return row;
}

// ---- The matching rule: the keys of facturas_guias_dte_uq (schema/operations.ts) ----
/** A document of Facturas/Guías: its issuer's RUT without dots or dash, its kind, its number (the unique index's expressions). */
export const FACTURA_RUT_KEY = sql.raw(`upper(regexp_replace(coalesce(f.rut_proveedor, ''), '[^0-9kK]', '', 'g'))`);
export const FACTURA_KIND = sql.raw(`coalesce(f.tipo_dte, case when f.numero_factura is null then 52 else 33 end)`);
export const FACTURA_NUMBER = sql.raw(`lower(btrim(coalesce(f.numero_factura, f.numero_guia)))`);
/** A Ventanal figure as the SII counts it: a credit note (61) is stored negative in Ventanal and positive in the RCV. */
export const siiSigned = (kind: SQL, value: SQL) => sql`(case when ${kind} = 61 then -1 else 1 end * ${value})`;

/** The first day of a period "2026-03" and of the next month. */
export function periodRange(periodo: string): [string, string] {
  const [y, m] = periodo.split("-").map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
  return [`${periodo}-01`, `${next}-01`];
}

/**
 * Rewrites an import's counts and summary from its rows and Facturas/Guías of its month:
 * three grouped queries, whatever the number of rows.
 */
export async function refreshResumen(tx: Tx, id: number, periodo: string): Promise<void> {
  const [desde, hasta] = periodRange(periodo);
  const grupos = await tx.execute<{ resultado: string; filas: number; total: string | null }>(sql`
    select resultado, count(*)::int as filas,
           sum(case when tipo_doc = 61 then -1 else 1 end * coalesce(monto_total, ventanal_total, 0))::bigint::text as total
    from ${rcv_filas} where importacion_id = ${id} group by resultado`);
  const sii = await tx.execute<Record<string, string>>(sql`
    select tipo_doc, count(*)::int as documentos, sum(monto_neto)::bigint::text as neto, sum(monto_exento)::bigint::text as exento,
           sum(iva_recuperable)::bigint::text as iva_recuperable, sum(iva_no_recuperable)::bigint::text as iva_no_recuperable, sum(monto_total)::bigint::text as total
    from ${rcv_filas} where importacion_id = ${id} and linea is not null group by tipo_doc`);
  const kind = FACTURA_KIND;
  const ventanal = await tx.execute<Record<string, string>>(sql`
    select ${kind} as tipo_doc, count(*)::int as documentos,
           sum(case when ${kind} = 34 then 0 else ${siiSigned(kind, sql.raw("f.monto_neto"))} end)::bigint::text as neto,
           sum(case when ${kind} = 34 then f.monto_neto else 0 end)::bigint::text as exento,
           sum(${siiSigned(kind, sql.raw("f.iva"))})::bigint::text as iva_recuperable, '0' as iva_no_recuperable,
           sum(${siiSigned(kind, sql.raw("f.monto_total"))})::bigint::text as total
    from facturas_guias f where f.fecha >= ${desde} and f.fecha < ${hasta} and ${kind} in (33, 34, 61) group by 1`);
  const num = (v: unknown) => Number(v ?? 0);
  const montos = (r?: Record<string, string>) => ({
    documentos: num(r?.documentos),
    neto: num(r?.neto),
    exento: num(r?.exento),
    iva_recuperable: num(r?.iva_recuperable),
    iva_no_recuperable: num(r?.iva_no_recuperable),
    total: num(r?.total),
  });
  const siiRows = sii.rows as Record<string, string>[];
  const venRows = ventanal.rows as Record<string, string>[];
  const tiposDoc = [...new Set([...siiRows, ...venRows].map((r) => num(r.tipo_doc)))].sort((a, b) => a - b);
  const tipos = tiposDoc.map((t) => ({ tipo_doc: t, sii: montos(siiRows.find((r) => num(r.tipo_doc) === t)), ventanal: montos(venRows.find((r) => num(r.tipo_doc) === t)) }));
  // IVA crédito fiscal: the recoverable VAT, credit notes subtracting.
  const credito = (side: "sii" | "ventanal") => tipos.reduce((s, t) => s + (t.tipo_doc === 61 ? -1 : 1) * t[side].iva_recuperable, 0);
  const counts = Object.fromEntries((grupos.rows as { resultado: string; filas: number; total: string | null }[]).map((g) => [g.resultado, { filas: num(g.filas), total: num(g.total) }]));
  const group = (k: string) => counts[k] ?? { filas: 0, total: 0 };
  const resumen: RcvResumen = {
    grupos: { coincide: group("coincide"), con_diferencias: group("con_diferencias"), solo_sii: group("solo_sii"), solo_ventanal: group("solo_ventanal") },
    tipos,
    iva_credito: { sii: credito("sii"), ventanal: credito("ventanal"), diferencia: credito("sii") - credito("ventanal") },
  };
  await tx
    .update(rcv_importaciones)
    .set({
      coinciden: group("coincide").filas,
      con_diferencias: group("con_diferencias").filas,
      solo_sii: group("solo_sii").filas,
      solo_ventanal: group("solo_ventanal").filas,
      resumen,
    })
    .where(eq(rcv_importaciones.id, id));
}
