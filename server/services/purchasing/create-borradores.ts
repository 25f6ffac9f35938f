// POST api/ordenes_compra/borradores (ours, beyond the specification): from the inventory's
// "Faltantes", draft purchase orders grouped by each product's last supplier (the supplier
// of its newest order line), at that line's price (else the product's last price), for the
// quantity short, each line naming the active works that still hold it (their reservations,
// derived/stock-reservado.ts: pauta less what already left, above 0). Nothing is
// written: the buyer reviews each draft in Crear OC and saves it like any order.
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { BorradoresData, BorradorRow } from "../../../src/domain/purchasing/schemas";
import type { Db } from "../../db/connect";
import { items_oc, materiales, ordenes_compra } from "../../db/schema";
import { reservasDe } from "../derived/stock-reservado";
import { badRequest } from "../../errors";
import { MSG_MATERIAL_NO_EXISTE_OC } from "./create-orden";

export async function createBorradores(db: Db, data: BorradoresData): Promise<BorradorRow[]> {
  const wanted = new Map<string, number>();
  for (const f of data.faltantes) wanted.set(f.codigo, (wanted.get(f.codigo) ?? 0) + f.cantidad);
  const codes = [...wanted.keys()];

  const products = await db
    .select({ codigo: materiales.codigo, producto: materiales.producto, unidad: materiales.unidad, precio_unitario: materiales.precio_unitario })
    .from(materiales)
    .where(inArray(materiales.codigo, codes));
  const byCode = new Map(products.map((p) => [p.codigo, p]));
  const errors: Record<string, string[]> = {};
  data.faltantes.forEach((f, i) => {
    if (!byCode.has(f.codigo)) errors[`faltantes.${i}.codigo`] = [MSG_MATERIAL_NO_EXISTE_OC(f.codigo)];
  });
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first[0], errors);

  const last = await db
    .selectDistinctOn([items_oc.codigo], { codigo: items_oc.codigo, proveedor_id: ordenes_compra.proveedor_id, proveedor: ordenes_compra.proveedor, precio_unitario: items_oc.precio_unitario })
    .from(items_oc)
    .innerJoin(ordenes_compra, eq(ordenes_compra.numero_oc, items_oc.numero_oc))
    .where(inArray(items_oc.codigo, codes))
    .orderBy(asc(items_oc.codigo), desc(ordenes_compra.fecha), desc(ordenes_compra.numero_oc), desc(items_oc.id));
  const lastByCode = new Map(last.map((l) => [l.codigo, l]));

  const works = (await reservasDe(db, codes)).sort((a, b) => a.presupuesto_id - b.presupuesto_id);

  const drafts = new Map<string, BorradorRow>();
  for (const codigo of codes) {
    const p = byCode.get(codigo)!;
    const l = lastByCode.get(codigo);
    const key = l ? String(l.proveedor_id) : "";
    let draft = drafts.get(key);
    if (!draft) drafts.set(key, (draft = { proveedor_id: l?.proveedor_id ?? null, proveedor: l?.proveedor ?? null, items: [] }));
    draft.items.push({
      codigo,
      producto: p.producto,
      unidad: p.unidad,
      cantidad: wanted.get(codigo)!,
      precio_unitario: l?.precio_unitario ?? p.precio_unitario,
      obras: works.filter((w) => w.codigo === codigo).map(({ codigo: _c, cantidad: _q, ...w }) => w),
    });
  }
  // Known suppliers by name, the products never bought last.
  return [...drafts.values()].sort((a, b) => (a.proveedor === null ? 1 : b.proveedor === null ? -1 : a.proveedor.localeCompare(b.proveedor, "es-CL")));
}
