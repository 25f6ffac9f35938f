// POST api/ordenes_compra: an order and its items in one transaction. The number is the one
// sent when it is free, else the next free one, given under a transaction-wide lock so that
// simultaneous creations never share a number. The supplier must be known (its name, any
// case); cliente_id carries the client's id or name; numero_presupuesto is that client's quote.
import { and, eq, inArray, sql } from "drizzle-orm";
import { todayInSantiago } from "../../../src/domain/dates/dates";
import { itemNet } from "../../../src/domain/purchasing/order-lines";
import { MSG_PROVEEDOR_NO_VALIDO } from "../../../src/domain/purchasing/order-form";
import type { OrdenCompraData, OrdenCompraEstadoRow } from "../../../src/domain/purchasing/schemas";
import { clientes, items_oc, materiales, ordenes_compra, presupuestos, proveedores } from "../../db/schema";
import { badRequest } from "../../errors";
import { refreshOrdenes } from "../derived/ordenes";
import { write, type ServiceContext, type Tx } from "../write";
import { readOrdenConItems } from "./orden-row";

export const MSG_MATERIAL_NO_EXISTE_OC = (codigo: string) => `El material ${codigo} no existe: créelo antes de agregarlo a la OC.`;
export const MSG_PRESUPUESTO_NO_VALIDO = "El presupuesto no existe para el cliente seleccionado.";
export const MSG_CLIENTE_NO_VALIDO = "El cliente no existe.";

/** Lock key of the order numbers (pg_advisory_xact_lock). */
const ORDER_NUMBER_LOCK = 4311;

export async function findProveedorByName(tx: Tx, name: string) {
  const [row] = await tx
    .select({ id: proveedores.id, proveedor: proveedores.proveedor })
    .from(proveedores)
    .where(sql`lower(${proveedores.proveedor}) = lower(${name.trim()})`)
    .limit(1);
  if (!row) throw badRequest(MSG_PROVEEDOR_NO_VALIDO, { proveedor: [MSG_PROVEEDOR_NO_VALIDO] });
  return row;
}

/** The client by id, else by name (ignoring case): the original sends the name in cliente_id. */
async function findCliente(tx: Tx, ref: string) {
  if (/^\d{1,9}$/.test(ref)) {
    const [byId] = await tx.select({ id: clientes.id, nombre: clientes.nombre }).from(clientes).where(eq(clientes.id, Number(ref)));
    if (byId) return byId;
  }
  const [byName] = await tx
    .select({ id: clientes.id, nombre: clientes.nombre })
    .from(clientes)
    .where(sql`lower(${clientes.nombre}) = lower(${ref})`)
    .orderBy(clientes.id)
    .limit(1);
  if (!byName) throw badRequest(MSG_CLIENTE_NO_VALIDO, { cliente_id: [MSG_CLIENTE_NO_VALIDO] });
  return byName;
}

async function findPresupuesto(tx: Tx, clienteId: number, numero: string, id: number | undefined) {
  const where = id !== undefined ? and(eq(presupuestos.id, id), eq(presupuestos.cliente_id, clienteId)) : and(eq(presupuestos.cliente_id, clienteId), eq(presupuestos.numero, numero));
  const [row] = await tx.select({ id: presupuestos.id, numero: presupuestos.numero, nombre_obra: presupuestos.nombre_obra }).from(presupuestos).where(where).limit(1);
  if (!row) throw badRequest(MSG_PRESUPUESTO_NO_VALIDO, { numero_presupuesto: [MSG_PRESUPUESTO_NO_VALIDO] });
  return row;
}

/** 400 naming each item whose code is not a known material. */
export async function assertMaterialsExist(tx: Tx, codes: readonly string[], fieldOf: (index: number) => string): Promise<void> {
  const known = new Set(
    (await tx.select({ codigo: materiales.codigo }).from(materiales).where(inArray(materiales.codigo, [...new Set(codes)]))).map((r) => r.codigo),
  );
  const errors: Record<string, string[]> = {};
  codes.forEach((c, i) => {
    if (!known.has(c)) errors[fieldOf(i)] = [MSG_MATERIAL_NO_EXISTE_OC(c)];
  });
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first[0], errors);
}

export async function createOrden(ctx: ServiceContext, data: OrdenCompraData): Promise<OrdenCompraEstadoRow> {
  return write(ctx, async (tx, audit) => {
    const proveedor = await findProveedorByName(tx, data.proveedor);
    const cliente = await findCliente(tx, data.cliente_id);
    const presupuesto = await findPresupuesto(tx, cliente.id, data.numero_presupuesto, data.presupuesto_id);
    await assertMaterialsExist(tx, data.items.map((i) => i.codigo), (i) => `items.${i}.codigo`);

    await tx.execute(sql`select pg_advisory_xact_lock(${ORDER_NUMBER_LOCK})`);
    let numero: number | null = null;
    if (data.numero_oc !== undefined) {
      const [taken] = await tx.select({ n: ordenes_compra.numero_oc }).from(ordenes_compra).where(eq(ordenes_compra.numero_oc, data.numero_oc));
      if (!taken) numero = data.numero_oc;
    }
    if (numero === null) {
      const [max] = await tx.select({ n: sql<number>`coalesce(max(${ordenes_compra.numero_oc}), 0)`.mapWith(Number) }).from(ordenes_compra);
      numero = (max?.n ?? 0) + 1;
    }

    await tx.insert(ordenes_compra).values({
      numero_oc: numero,
      proveedor_id: proveedor.id,
      proveedor: proveedor.proveedor,
      fecha: data.fecha ?? todayInSantiago(),
      realizado_por: data.realizado_por,
      comentario: data.comentario,
      cliente_id: cliente.id,
      cliente_nombre: cliente.nombre,
      presupuesto_id: presupuesto.id,
      numero_presupuesto: presupuesto.numero,
      observacion: presupuesto.nombre_obra,
      creado_por_id: ctx.user?.id ?? null,
    });
    await tx.insert(items_oc).values(data.items.map((it) => ({ ...it, numero_oc: numero, costo_neto: itemNet(it) })));
    await refreshOrdenes(tx, [numero]);
    const row = await readOrdenConItems(tx, numero);
    await audit({ entity: ordenes_compra, entityId: numero, changes: row });
    return row;
  });
}
