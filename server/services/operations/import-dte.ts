// Electronic invoice import (ours, beyond the specification): SII DTE XML files (tipo 33,
// 34, 52 guía, 61 nota de crédito; ISO-8859-1) read on the server.
//   POST api/facturas_guias/dte/vista-previa: what each document would register: its
//     fields, the supplier matched by RUT, whether it is already registered, the 8-day
//     acceptance window and the matching to the supplier's open purchase-order lines.
//   POST api/facturas_guias/dte: registers every document not yet registered, in one
//     transaction; an invoice matched to exactly one order keeps its numero_oc. Nothing new
//     to register → 409 naming the duplicates.
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
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
import { normalizeRut } from "../../../src/domain/fields";
import type { FacturaGuiaRow } from "../../../src/domain/operations/schemas";
import type { Db } from "../../db/connect";
import { facturas_guias, items_oc, ordenes_compra, proveedores } from "../../db/schema";
import { formatCLP } from "../../../src/domain/format/number";
import { badRequest, conflict } from "../../errors";
import { getEmpresa } from "../empresa/get-empresa";
import { write, type ServiceContext, type Tx } from "../write";
import type { DteDoc } from "./dte-files";
import type { DteRead } from "./dte-reader";
import { facturaColumns } from "./factura-row";

import { MSG_DTE_NADA_QUE_LEER } from "./dte-files";
export { MSG_DTE_NADA_QUE_LEER };
export const MSG_DTE_YA_REGISTRADO = (tipo: string, folio: number, proveedor: string) => `${tipo} N° ${folio} de ${proveedor} ya está registrada.`;
export const MSG_DTE_YA_REGISTRADO_OTRO_MONTO = (tipo: string, folio: number, proveedor: string, registrado: number, archivo: number) =>
  `${tipo} N° ${folio} de ${proveedor} ya está registrada con un total de ${formatCLP(registrado)}; este archivo dice ${formatCLP(archivo)}.`;
export const MSG_DTE_NADA_NUEVO = "Todos los documentos ya estaban registrados.";
export const MSG_DTE_OTRO_RECEPTOR = (tipo: string, folio: number, receptor: string, empresa: string) =>
  `${tipo} N° ${folio} está emitida a ${receptor} y la empresa es ${empresa} (Administración → Empresa): no se registra.`;

/** The documents of a chunk addressed to Empresa (RUTRecep), and the refusals of the others. */
function forThisCompany(chunk: DteDoc[], empresaRut: string | null): { docs: DteDoc[]; refused: string[] } {
  const docs: DteDoc[] = [];
  const refused: string[] = [];
  for (const d of chunk) {
    if (empresaRut && d.doc.rut_receptor && d.doc.rut_receptor !== empresaRut) {
      refused.push(`${d.archivo}: ${MSG_DTE_OTRO_RECEPTOR(d.doc.tipo_nombre, d.doc.folio, d.doc.rut_receptor, empresaRut)}`);
    } else docs.push(d);
  }
  return { docs, refused };
}

async function empresaRutOf(db: Db | Tx): Promise<string | null> {
  return normalizeRut((await getEmpresa(db)).rut);
}

/** The documents of a request read in the DTE worker (dte-files.ts), chunk by chunk
 * (dte-reader.ts). Each chunk takes a few queries for all its documents (suppliers,
 * duplicates, open order lines; one insert and one audit insert on import), and the
 * service yields to the event loop between chunks, so a 10 MiB import never holds the
 * request thread for more than a few milliseconds. */
export type DteDocs = DteRead;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type Supplier = typeof proveedores.$inferSelect;
type OpenLine = { proveedor_id: number | null; numero_oc: number; id: number; codigo: string; producto: string; cantidad: number; cantidad_llegada: number; precio_unitario: number };

/** A document already registered: with both totals when they differ. */
function duplicateMessage(doc: Dte, proveedor: string, registrado: number | null, total: number): string {
  return registrado === null || registrado === total
    ? MSG_DTE_YA_REGISTRADO(doc.tipo_nombre, doc.folio, proveedor)
    : MSG_DTE_YA_REGISTRADO_OTRO_MONTO(doc.tipo_nombre, doc.folio, proveedor, registrado, total);
}

/** The preview of every document of one chunk: three queries for the whole chunk. */
async function previewChunk(db: Db | Tx, chunk: DteDoc[], today: string): Promise<DtePreview[]> {
  const ruts = [...new Set(chunk.map((d) => d.doc.rut_emisor))];
  const suppliers = new Map<string, Supplier>();
  for (const s of await db.select().from(proveedores).where(inArray(proveedores.rut, ruts)).orderBy(asc(proveedores.id))) {
    if (s.rut && !suppliers.has(s.rut)) suppliers.set(s.rut, s);
  }
  const fieldsOf = chunk.map((d) => dteInvoiceFields(d.doc));
  // Which documents are already registered: by issuer RUT, kind and number, or (not a guía)
  // by the supplier's name and the invoice number; the same conditions as the unique indexes.
  const rows = chunk.map((d, i) => {
    const name = suppliers.get(d.doc.rut_emisor)?.proveedor ?? fieldsOf[i].proveedor;
    return sql`(${i}::int, ${d.doc.rut_emisor}::text, ${d.doc.tipo}::int, ${String(d.doc.folio)}::text, ${name}::text)`;
  });
  const dupRows = await db.execute<{ i: number; total: number | string | null }>(sql`select d.i,
      coalesce((select f.monto_total from ${facturas_guias} f where f.rut_proveedor = d.rut and f.tipo_dte = d.tipo
                  and (case when d.tipo = 52 then f.numero_guia else f.numero_factura end) = d.folio limit 1),
               (select f.monto_total from ${facturas_guias} f where d.tipo <> 52 and lower(f.proveedor) = lower(d.nombre)
                  and f.numero_factura = d.folio and (f.tipo_dte is null or f.tipo_dte = d.tipo) limit 1)) as total
    from (values ${sql.join(rows, sql`, `)}) as d(i, rut, tipo, folio, nombre)
    where exists (select 1 from ${facturas_guias} f where f.rut_proveedor = d.rut and f.tipo_dte = d.tipo
                    and (case when d.tipo = 52 then f.numero_guia else f.numero_factura end) = d.folio)
       or (d.tipo <> 52 and exists (select 1 from ${facturas_guias} f where lower(f.proveedor) = lower(d.nombre)
                    and f.numero_factura = d.folio and (f.tipo_dte is null or f.tipo_dte = d.tipo)))`);
  // The registered document's total, by position in the chunk (null: its total is unknown).
  const duplicated = new Map((dupRows.rows as { i: number; total: number | string | null }[]).map((r) => [Number(r.i), r.total === null ? null : Number(r.total)]));
  const supplierIds = [...new Set(chunk.flatMap((d) => (d.doc.tipo !== 61 ? [suppliers.get(d.doc.rut_emisor)?.id ?? []].flat() : [])))];
  const openBySupplier = new Map<number, OpenLine[]>();
  if (supplierIds.length) {
    const open = await db
      .select({
        proveedor_id: ordenes_compra.proveedor_id,
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
      .where(and(inArray(ordenes_compra.proveedor_id, supplierIds), gt(items_oc.cantidad, items_oc.cantidad_llegada)))
      .orderBy(asc(items_oc.numero_oc), asc(items_oc.id));
    for (const line of open satisfies OpenLine[]) {
      if (line.proveedor_id === null) continue;
      const list = openBySupplier.get(line.proveedor_id) ?? [];
      list.push(line);
      openBySupplier.set(line.proveedor_id, list);
    }
  }
  return chunk.map(({ archivo, doc }, i) => {
    const campos = fieldsOf[i];
    const supplier = suppliers.get(doc.rut_emisor);
    const conciliacion: InvoiceMatch | null =
      supplier && doc.tipo !== 61 ? matchInvoiceToOrders(doc.lineas, openBySupplier.get(supplier.id) ?? [], dtePurchaseOrderRefs(doc)) : null;
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
      duplicado: duplicated.has(i) ? duplicateMessage(doc, supplier?.proveedor ?? campos.proveedor, duplicated.get(i) ?? null, campos.monto_total) : null,
      plazo: acceptanceWindow(doc.tipo, today, today),
      conciliacion,
      avisos: doc.avisos,
    };
  });
}

export async function previewDte(db: Db, read: DteDocs): Promise<{ documentos: DtePreview[]; rechazados: string[] }> {
  const today = todayInSantiago();
  const empresaRut = await empresaRutOf(db);
  const documentos: DtePreview[] = [];
  const rechazados = [...read.rechazados];
  for await (const chunk of read.docs) {
    const { docs, refused } = forThisCompany(chunk, empresaRut);
    rechazados.push(...refused);
    if (docs.length) documentos.push(...(await previewChunk(db, docs, today)));
    await nextTurn();
  }
  return { documentos, rechazados };
}

export interface DteImportResult {
  registradas: (FacturaGuiaRow & { plazo: AcceptanceWindow | null; conciliacion: InvoiceMatch | null })[];
  duplicadas: string[];
  rechazados: string[];
}

export async function importDte(ctx: ServiceContext, read: DteDocs): Promise<DteImportResult> {
  const today = todayInSantiago();
  return write(ctx, async (tx, audit) => {
    const registradas: DteImportResult["registradas"] = [];
    const duplicadas: string[] = [];
    const rechazados = [...read.rechazados];
    const empresaRut = await empresaRutOf(tx);
    for await (const whole of read.docs) {
      const { docs: chunk, refused } = forThisCompany(whole, empresaRut);
      rechazados.push(...refused);
      if (chunk.length === 0) continue;
      const previews = await previewChunk(tx, chunk, today);
      // Two documents of one chunk with the same supplier name and invoice number: the
      // second is a duplicate of the first (the chunks before are already in the table).
      const named = new Set<string>();
      const fresh: { p: DtePreview; doc: Dte }[] = [];
      previews.forEach((p, i) => {
        const doc = chunk[i].doc;
        const nameKey = doc.tipo === 52 ? null : `${(p.proveedor_registrado ?? p.campos.proveedor).toLowerCase()}|${doc.folio}`;
        if (!p.duplicado && nameKey && named.has(nameKey)) p.duplicado = MSG_DTE_YA_REGISTRADO(doc.tipo_nombre, doc.folio, p.proveedor_registrado ?? p.campos.proveedor);
        if (p.duplicado) {
          duplicadas.push(p.duplicado);
          return;
        }
        if (nameKey) named.add(nameKey);
        fresh.push({ p, doc });
      });
      if (fresh.length) {
        const stored = await tx
          .insert(facturas_guias)
          .values(
            fresh.map(({ p, doc }) => {
              const ordenes = p.conciliacion?.ordenes ?? [];
              return {
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
              };
            }),
          )
          .returning(facturaColumns);
        await audit(stored.map((row, i) => ({ entity: facturas_guias, entityId: row.id, changes: { ...row, archivo: fresh[i].p.archivo, dte: fresh[i].p.clave } })));
        stored.forEach((row, i) => registradas.push({ ...row, plazo: fresh[i].p.plazo, conciliacion: fresh[i].p.conciliacion }));
      }
      await nextTurn();
    }
    if (registradas.length === 0 && duplicadas.length === 0) throw badRequest(`${MSG_DTE_NADA_QUE_LEER} ${rechazados.join(" ")}`, { archivos: rechazados });
    if (registradas.length === 0) throw conflict(`${MSG_DTE_NADA_NUEVO} ${duplicadas.join(" ")}`, { archivos: duplicadas });
    return { registradas, duplicadas, rechazados };
  });
}
