// GET api/ordenes_compra/{numero_oc}: the order with what its PDF needs (the supplier's RUT
// as rut_proveedor and rut, bank and account — empty for the roles that do not see a supplier's
// bank account —, salesperson, contact and credit days), its items and every receipt against it
// (invoice, date, user, quantities), oldest first.
import { asc, eq, inArray } from "drizzle-orm";
import type { OrdenCompraDetalleData, RecepcionData } from "../../../src/domain/purchasing/schemas";
import type { Db } from "../../db/connect";
import { proveedores, recepciones_oc, recepciones_oc_items, usuarios } from "../../db/schema";
import { readOrdenConItems } from "./orden-row";
import { hiddenFields } from "../../../src/domain/resources/define-resource";
import { proveedores as proveedoresDecl } from "../../../src/domain/purchasing/proveedores.resource";

/** `role`: who asks; the supplier's fields it does not see (its bank account, issue 32) come empty. */
export async function getOrden(db: Db, numero: number, role?: string): Promise<OrdenCompraDetalleData> {
  const orden = await readOrdenConItems(db, numero);
  const [prov] = await db
    .select({
      rut: proveedores.rut,
      banco: proveedores.banco,
      tipo_de_cuenta: proveedores.tipo_de_cuenta,
      numero_cuenta: proveedores.numero_cuenta,
      vendedor: proveedores.vendedor,
      contacto: proveedores.contacto,
      dias_credito: proveedores.dias_credito,
    })
    .from(proveedores)
    .where(eq(proveedores.id, orden.proveedor_id));
  const recepciones = await recepcionesOf(db, numero);
  const hidden = new Set(role === undefined ? [] : hiddenFields(proveedoresDecl, role));
  const shown = <T>(field: string, value: T): T | null => (hidden.has(field) ? null : value);
  return {
    ...orden,
    rut_proveedor: prov?.rut ?? null,
    rut: prov?.rut ?? null,
    banco: shown("banco", prov?.banco ?? null),
    tipo_de_cuenta: shown("tipo_de_cuenta", prov?.tipo_de_cuenta ?? null),
    numero_cuenta: shown("numero_cuenta", prov?.numero_cuenta ?? null),
    vendedor: prov?.vendedor ?? null,
    contacto: prov?.contacto ?? null,
    dias_credito: prov?.dias_credito ?? 0,
    recepciones,
  };
}

export async function recepcionesOf(db: Db, numero: number): Promise<RecepcionData[]> {
  const heads = await db
    .select({
      id: recepciones_oc.id,
      numero_oc: recepciones_oc.numero_oc,
      factura: recepciones_oc.factura,
      fecha_factura: recepciones_oc.fecha_factura,
      fecha: recepciones_oc.fecha,
      usuario_nombre: usuarios.nombre,
    })
    .from(recepciones_oc)
    .leftJoin(usuarios, eq(usuarios.id, recepciones_oc.usuario_id))
    .where(eq(recepciones_oc.numero_oc, numero))
    .orderBy(asc(recepciones_oc.id));
  if (heads.length === 0) return [];
  const lines = await db
    .select({
      recepcion_id: recepciones_oc_items.recepcion_id,
      item_id: recepciones_oc_items.item_id,
      codigo: recepciones_oc_items.codigo,
      cantidad_anterior: recepciones_oc_items.cantidad_anterior,
      cantidad_llegada: recepciones_oc_items.cantidad_llegada,
      diferencia: recepciones_oc_items.diferencia,
      precio_unitario: recepciones_oc_items.precio_unitario,
      observacion_ingreso: recepciones_oc_items.observacion_ingreso,
    })
    .from(recepciones_oc_items)
    .where(inArray(recepciones_oc_items.recepcion_id, heads.map((h) => h.id)))
    .orderBy(asc(recepciones_oc_items.id));
  return heads.map((h) => ({
    ...h,
    items: lines.filter((l) => l.recepcion_id === h.id).map(({ recepcion_id: _r, ...l }) => l),
  }));
}
