// A supplier document's state at the SII (issue 35 §3): the 8-day window from its reception
// at the SII (RCV's Fecha Recepcion) or else from its registration, and Contabilidad's
// decision: Aceptar (acuse de recibo, ACD) or Reclamar with the SII's reason (RCD, RFP,
// RFT), with who and when, and the steps to record the same in the SII's site.
import { eq, sql } from "drizzle-orm";
import { addDays, todayInSantiago } from "../../../src/domain/dates/dates";
import type { SiiDecisionBody, SiiEstadoRow } from "../../../src/domain/operations/rcv-schemas";
import { hasAcceptanceWindow, PLAZO_ACEPTACION_DIAS } from "../../../src/domain/operations/dte-acceptance";
import { siiPasos, siiPlazo } from "../../../src/domain/operations/sii-decision";
import type { Db } from "../../db/connect";
import { facturas_guias, facturas_sii, usuarios } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { changedFields } from "../changes";
import { write, type ServiceContext, type Tx } from "../write";

export const MSG_FACTURA_NO_EXISTE = "La factura o guía no existe.";
export const MSG_SII_SIN_PLAZO = "Solo las facturas (33) y facturas exentas (34) se aceptan o reclaman en el SII.";
export const MSG_SII_YA_DECIDIDA = (estado: string) => `La factura ya está ${estado.toLowerCase()}: la decisión en el SII no se cambia.`;
export const MSG_SII_FUERA_DE_PLAZO = (limite: string) => `El plazo para reclamar venció el ${limite}: la factura se entiende aceptada (Ley 19.983).`;

async function readEstado(db: Db | Tx, id: number): Promise<SiiEstadoRow> {
  const [row] = await db
    .select({
      factura_id: facturas_guias.id,
      tipo_dte: facturas_guias.tipo_dte,
      numero_factura: facturas_guias.numero_factura,
      fecha_registro: facturas_guias.fecha_recepcion,
      fecha_recepcion_sii: facturas_sii.fecha_recepcion_sii,
      fecha_acuse: facturas_sii.fecha_acuse,
      decision: facturas_sii.decision,
      motivo: facturas_sii.motivo,
      comentario: facturas_sii.comentario,
      origen: facturas_sii.origen,
      decidido_por: usuarios.nombre,
      decidido_en: facturas_sii.decidido_en,
    })
    .from(facturas_guias)
    .leftJoin(facturas_sii, eq(facturas_sii.factura_id, facturas_guias.id))
    .leftJoin(usuarios, eq(usuarios.id, facturas_sii.decidido_por_id))
    .where(eq(facturas_guias.id, id));
  if (!row) throw notFound(MSG_FACTURA_NO_EXISTE);
  const tipo = row.tipo_dte ?? (row.numero_factura ? 33 : 52);
  const plazo = siiPlazo({ tipo, fecha_recepcion_sii: row.fecha_recepcion_sii, fecha_registro: row.fecha_registro, decision: row.decision, fecha_acuse: row.fecha_acuse }, todayInSantiago());
  const { fecha_registro: _r, numero_factura: _n, ...rest } = row;
  return { ...rest, plazo, pasos: row.decision ? siiPasos(row.decision, row.motivo) : [] };
}

export function getFacturaSii(db: Db, id: number): Promise<SiiEstadoRow> {
  return readEstado(db, id);
}

export async function decideFacturaSii(ctx: ServiceContext, id: number, body: SiiDecisionBody): Promise<SiiEstadoRow> {
  return write(ctx, async (tx, audit) => {
    const [doc] = await tx.select({ id: facturas_guias.id, tipo_dte: facturas_guias.tipo_dte, numero_factura: facturas_guias.numero_factura }).from(facturas_guias).where(eq(facturas_guias.id, id)).for("update");
    if (!doc) throw notFound(MSG_FACTURA_NO_EXISTE);
    if (!hasAcceptanceWindow(doc.tipo_dte ?? (doc.numero_factura ? 33 : 52))) throw conflict(MSG_SII_SIN_PLAZO);
    const before = await readEstado(tx, id);
    if (before.plazo && before.plazo.estado !== "Por aceptar" && before.plazo.estado !== "Aceptada tácitamente") throw conflict(MSG_SII_YA_DECIDIDA(before.plazo.estado));
    if (before.plazo?.estado === "Aceptada tácitamente" && body.decision === "reclamada") throw conflict(MSG_SII_FUERA_DE_PLAZO(before.plazo.fecha_limite.split("-").reverse().join("-")));
    const values = { decision: body.decision, motivo: body.motivo ?? null, comentario: body.comentario ?? null, origen: "ventanal" as const, decidido_por_id: ctx.user?.id ?? null, decidido_en: sql`now()` };
    await tx.insert(facturas_sii).values({ factura_id: id, ...values }).onConflictDoUpdate({ target: facturas_sii.factura_id, set: values });
    const after = await readEstado(tx, id);
    await audit({ entity: facturas_sii, entityId: id, parent: { entity: facturas_guias, id }, changes: changedFields({ decision: before.decision, motivo: before.motivo, comentario: before.comentario }, { decision: after.decision, motivo: after.motivo, comentario: after.comentario }) });
    return after;
  });
}

export interface PorAceptarRow {
  factura_id: number;
  proveedor: string;
  numero_factura: string | null;
  tipo_dte: number;
  monto_total: number;
  plazo: NonNullable<SiiEstadoRow["plazo"]>;
}

/**
 * Supplier facturas (33, 34) still to accept or claim: no decision, no acuse in the RCV, and
 * their 8-day window (from the SII's reception, else the registration) still open today.
 * Nearest deadline first. Read through facturas_guias_plazo_sii_idx and
 * facturas_sii_recepcion_idx: the rows of the last 8 days, whatever the table holds.
 */
export async function listPorAceptar(db: Db | Tx, today: string): Promise<{ filas: PorAceptarRow[]; total: number; aviso: number }> {
  const desde = addDays(today, -PLAZO_ACEPTACION_DIAS);
  const rows = await db.execute<{ factura_id: number; proveedor: string; numero_factura: string | null; tipo_dte: number; monto_total: string; fecha_recepcion_sii: string | null; fecha_registro: string }>(sql`
    select f.id as factura_id, f.proveedor, f.numero_factura, f.tipo_dte, f.monto_total::text as monto_total, s.fecha_recepcion_sii::text as fecha_recepcion_sii, f.fecha_recepcion::text as fecha_registro
    from facturas_guias f left join facturas_sii s on s.factura_id = f.id
    where f.tipo_dte in (33, 34)
      and f.id in (select g.id from facturas_guias g where g.tipo_dte in (33, 34) and g.fecha_recepcion between ${desde}::date and ${today}::date
                   union select r.factura_id from facturas_sii r where r.fecha_recepcion_sii between ${desde}::date and ${today}::date)
      and coalesce(s.fecha_recepcion_sii, f.fecha_recepcion) between ${desde}::date and ${today}::date
      and s.decision is null and s.fecha_acuse is null
    order by coalesce(s.fecha_recepcion_sii, f.fecha_recepcion), f.id
    limit 500`);
  const filas = (rows.rows as { factura_id: number; proveedor: string; numero_factura: string | null; tipo_dte: number; monto_total: string; fecha_recepcion_sii: string | null; fecha_registro: string }[]).map((r) => ({
    factura_id: Number(r.factura_id),
    proveedor: r.proveedor,
    numero_factura: r.numero_factura,
    tipo_dte: Number(r.tipo_dte),
    monto_total: Number(r.monto_total),
    plazo: siiPlazo({ tipo: Number(r.tipo_dte), fecha_recepcion_sii: r.fecha_recepcion_sii, fecha_registro: r.fecha_registro, decision: null, fecha_acuse: null }, today)!,
  }));
  return { filas, total: filas.length, aviso: filas.filter((f) => f.plazo.aviso).length };
}
