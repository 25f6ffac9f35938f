// Electronic invoice import (ours, beyond the specification): SII DTE XML files (tipo 33,
// 34, 52 guía, 61 nota de crédito; ISO-8859-1) read on the server.
//   POST api/facturas_guias/dte/vista-previa: what each document would register: its
//     fields, the supplier matched by RUT, whether it is already registered, the 8-day
//     acceptance window and the matching to the supplier's open purchase-order lines.
//   POST api/facturas_guias/dte: registers every document not yet registered, in one
//     transaction; an invoice matched to exactly one order keeps its numero_oc. Nothing new
//     to register → 409 naming the duplicates.
import { and, asc, eq, gt, or, sql } from "drizzle-orm";
import { todayInSantiago } from "../../../src/domain/dates/dates";
import {
  acceptanceWindow,
  dteInvoiceFields,
  dteKey,
  dtePurchaseOrderRefs,
  matchInvoiceToOrders,
  type AcceptanceWindow,
  type Dte,
  type DtePreview,
  type InvoiceMatch,
} from "../../../src/domain/operations";
import type { FacturaGuiaRow } from "../../../src/domain/operations/schemas";
import type { Db } from "../../db/connect";
import { facturas_guias, items_oc, ordenes_compra, proveedores } from "../../db/schema";
import { conflict } from "../../errors";
import { write, type ServiceContext, type Tx } from "../write";
import type { DteRequestRead } from "./dte-files";
import { readFactura } from "./factura-row";

export { MSG_DTE_NADA_QUE_LEER } from "./dte-files";
export const MSG_DTE_YA_REGISTRADO = (tipo: string, folio: number, proveedor: string) => `${tipo} N° ${folio} de ${proveedor} ya está registrada.`;
export const MSG_DTE_NADA_NUEVO = "Todos los documentos ya estaban registrados.";

/** The documents of a request read in the DTE worker (dte-files.ts); each is parsed from
 * its JSON text when its turn comes, so no long stretch of work holds the request thread. */
export type DteDocs = Extract<DteRequestRead, { ok: true }>;

async function previewOne(db: Db | Tx, archivo: string, doc: Dte, today: string): Promise<DtePreview> {
  const campos = dteInvoiceFields(doc);
  const [supplier] = await db.select().from(proveedores).where(eq(proveedores.rut, doc.rut_emisor)).limit(1);
  const folio = String(doc.folio);
  const nameCond = sql`lower(${facturas_guias.proveedor}) = lower(${supplier?.proveedor ?? campos.proveedor})`;
  const sameNumber = doc.tipo === 52 ? eq(facturas_guias.numero_guia, folio) : eq(facturas_guias.numero_factura, folio);
  const [dup] = await db
    .select({ id: facturas_guias.id })
    .from(facturas_guias)
    .where(
      or(
        and(eq(facturas_guias.rut_proveedor, doc.rut_emisor), eq(facturas_guias.tipo_dte, doc.tipo), sameNumber),
        doc.tipo === 52 ? undefined : and(nameCond, sameNumber, or(sql`${facturas_guias.tipo_dte} is null`, eq(facturas_guias.tipo_dte, doc.tipo))),
      ),
    )
    .limit(1);
  let conciliacion: InvoiceMatch | null = null;
  if (supplier && doc.tipo !== 61) {
    const open = await db
      .select({
        numero_oc: items_oc.numero_oc,
        id: items_oc.id,
        codigo: items_oc.codigo,
        producto: items_oc.producto,
        cantidad: items_oc.cantidad,
        cantidad_llegada: items_oc.cantidad_llegada,
        precio_unitario: items_oc.precio_unitario,
      })
      .from(items_oc)
      .innerJoin(ordenes_compra, eq(ordenes_compra.numero_oc, items_oc.numero_oc))
      .where(and(eq(ordenes_compra.proveedor_id, supplier.id), gt(items_oc.cantidad, items_oc.cantidad_llegada)))
      .orderBy(asc(items_oc.numero_oc), asc(items_oc.id));
    conciliacion = matchInvoiceToOrders(doc.lineas, open, dtePurchaseOrderRefs(doc));
  }
  return {
    clave: dteKey(doc),
    archivo,
    tipo: doc.tipo,
    tipo_nombre: doc.tipo_nombre,
    folio: doc.folio,
    campos,
    proveedor_id: supplier?.id ?? null,
    proveedor_registrado: supplier?.proveedor ?? null,
    dias_credito: supplier?.dias_credito ?? 0,
    duplicado: dup ? MSG_DTE_YA_REGISTRADO(doc.tipo_nombre, doc.folio, supplier?.proveedor ?? campos.proveedor) : null,
    plazo: acceptanceWindow(doc.tipo, today, today),
    conciliacion,
    avisos: doc.avisos,
  };
}

export async function previewDte(db: Db, read: DteDocs): Promise<{ documentos: DtePreview[]; rechazados: string[] }> {
  const today = todayInSantiago();
  const documentos: DtePreview[] = [];
  for (const d of read.docs) documentos.push(await previewOne(db, d.archivo, JSON.parse(d.json) as Dte, today));
  return { documentos, rechazados: read.rechazados };
}

export interface DteImportResult {
  registradas: (FacturaGuiaRow & { plazo: AcceptanceWindow | null; conciliacion: InvoiceMatch | null })[];
  duplicadas: string[];
  rechazados: string[];
}

export async function importDte(ctx: ServiceContext, read: DteDocs): Promise<DteImportResult> {
  const { rechazados } = read;
  const today = todayInSantiago();
  return write(ctx, async (tx, audit) => {
    const registradas: DteImportResult["registradas"] = [];
    const duplicadas: string[] = [];
    for (const d of read.docs) {
      const archivo = d.archivo;
      const doc = JSON.parse(d.json) as Dte;
      const p = await previewOne(tx, archivo, doc, today);
      if (p.duplicado) {
        duplicadas.push(p.duplicado);
        continue;
      }
      const ordenes = p.conciliacion?.ordenes ?? [];
      const [row] = await tx
        .insert(facturas_guias)
        .values({
          proveedor_id: p.proveedor_id,
          proveedor: p.proveedor_registrado ?? p.campos.proveedor,
          rut_proveedor: p.campos.rut_proveedor,
          tipo_dte: doc.tipo,
          numero_guia: p.campos.numero_guia,
          numero_factura: p.campos.numero_factura,
          fecha: p.campos.fecha,
          monto_neto: p.campos.monto_neto,
          iva: p.campos.iva,
          monto_total: p.campos.monto_total,
          observacion: p.campos.observacion,
          dias_credito: p.dias_credito,
          fecha_recepcion: today,
          numero_oc: ordenes.length === 1 ? Number(ordenes[0]) : null,
          creado_por_id: ctx.user?.id ?? null,
        })
        .returning({ id: facturas_guias.id });
      const stored = await readFactura(tx, row.id);
      await audit({ entity: facturas_guias, entityId: row.id, changes: { ...stored, archivo, dte: p.clave } });
      registradas.push({ ...stored, plazo: p.plazo, conciliacion: p.conciliacion });
    }
    if (registradas.length === 0) throw conflict(`${MSG_DTE_NADA_NUEVO} ${duplicadas.join(" ")}`, { archivos: duplicadas });
    return { registradas, duplicadas, rechazados };
  });
}
