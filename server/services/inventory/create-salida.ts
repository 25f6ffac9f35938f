// POST api/registro_salida: a material exit to a work. One write: lock the quote, then the
// product, check the quote (and that it belongs to the client), store the exit valued at the product's
// current price with the client, quote and work names read from the database (what the
// screen sends is not trusted), and append its SALIDA movement. Beyond current stock the
// ledger refuses with 409 ("Stock insuficiente para {codigo}: hay {n}") and nothing is
// written; two exits at the same moment take turns on the product row.
import { eq } from "drizzle-orm";
import { MSG_SALIDA_OK } from "../../../src/domain/inventory/salida";
import {
  MSG_MATERIAL_NO_ENCONTRADO,
  MSG_PRESUPUESTO_DE_OTRO_CLIENTE,
  MSG_PRESUPUESTO_NO_EXISTE,
  salidaRow,
  type SalidaData,
  type SalidaRow,
} from "../../../src/domain/inventory/schemas";
import { rowColumns } from "../../db/columns";
import { clientes, materiales, presupuestos, salidas_inventario } from "../../db/schema";
import { badRequest, notFound } from "../../errors";
import { refreshObras } from "../derived/obras";
import { write, type ServiceContext } from "../write";
import { appendMovement, lockMateriales } from "./ledger";

export const salidaColumns = rowColumns(salidas_inventario, salidaRow);

export async function createSalida(ctx: ServiceContext, data: SalidaData): Promise<{ message: string; salida: SalidaRow }> {
  // The answer is built inside the write: an Idempotency-Key stores it with the transaction.
  return write(ctx, async (tx, audit) => {
    // The work first, then the product: the order of every writer of a work (the triggers
    // of pautas and seguimiento_obras lock the quote, then the products; migration
    // 0026_reserva_bloqueo_obra.sql). The work's figures are recomputed below: its writes
    // take turns. FOR NO KEY UPDATE, the lock of those triggers and of an UPDATE of the
    // quote: a foreign-key check (a pauta line inserted for it) does not wait on it.
    const [q] = await tx
      .select({ numero: presupuestos.numero, cliente_id: presupuestos.cliente_id, nombre_obra: presupuestos.nombre_obra, cliente_nombre: clientes.nombre })
      .from(presupuestos)
      .innerJoin(clientes, eq(clientes.id, presupuestos.cliente_id))
      .where(eq(presupuestos.id, data.presupuesto_id))
      .for("no key update", { of: presupuestos });
    await lockMateriales(tx, [data.codigo]);
    const [m] = await tx.select({ producto: materiales.producto, precio_unitario: materiales.precio_unitario }).from(materiales).where(eq(materiales.codigo, data.codigo));
    if (!m) throw notFound(MSG_MATERIAL_NO_ENCONTRADO);
    if (!q) throw notFound(MSG_PRESUPUESTO_NO_EXISTE);
    if (q.cliente_id !== data.cliente_id) throw badRequest(MSG_PRESUPUESTO_DE_OTRO_CLIENTE, { presupuesto_id: [MSG_PRESUPUESTO_DE_OTRO_CLIENTE] });
    const [row] = await tx
      .insert(salidas_inventario)
      .values({
        codigo: data.codigo,
        producto: m.producto,
        cantidad: data.cantidad_salida,
        precio_neto: m.precio_unitario,
        cliente_id: q.cliente_id,
        presupuesto_id: data.presupuesto_id,
        cliente_nombre: q.cliente_nombre,
        presupuesto_numero: q.numero,
        nombre_obra: q.nombre_obra ?? data.nombre_obra,
        observacion: data.observacion,
        usuario_id: ctx.user?.id ?? null,
      })
      .returning(salidaColumns);
    await appendMovement(tx, {
      codigo: data.codigo,
      tipo: "SALIDA",
      cantidad: -data.cantidad_salida,
      precio_unitario: m.precio_unitario,
      documento: `Salida ${row.id} · Presupuesto ${q.numero}`,
      salida_id: row.id,
      usuario_id: ctx.user?.id ?? null,
      field: "cantidad_salida",
    });
    await refreshObras(tx, [data.presupuesto_id]);
    await audit({ entity: salidas_inventario, entityId: row.id, changes: row });
    return { message: MSG_SALIDA_OK, salida: row };
  });
}
