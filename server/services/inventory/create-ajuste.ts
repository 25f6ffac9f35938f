// POST api/ajuste_stock: an AJUSTE movement of `diferencia` (≠ 0) and its adjustment row,
// in one write. The acting user is the session's user (the name the screen sends is
// only used when the session has none); the comment is generated ("Ajuste de +5 por
// Ana Soto") unless one is sent. 404 for an unknown product, 409 when stock would go
// below 0, and 409 when `stock_visto` is sent and the stock, read with the product row
// locked, is no longer the one the person counted against.
import { eq } from "drizzle-orm";
import { ajusteComentario, AJUSTE_USUARIO_DEFAULT, msgStockCambio, sameStock } from "../../../src/domain/inventory/adjustment";
import { MSG_MATERIAL_NO_ENCONTRADO, type AjusteData, type AjusteRow } from "../../../src/domain/inventory/schemas";
import { ajustes_stock, materiales } from "../../db/schema";
import { notFound } from "../../errors";
import { write, type ServiceContext } from "../write";
import { appendMovement, lockMateriales } from "./ledger";
import { ajusteColumns } from "./list-ajustes";
import { sumQty } from "../../../src/domain/inventory/quantity";
import { conflict } from "../../errors";
import { msgStockInsuficiente } from "../../../src/domain/inventory/salida";

export async function createAjuste(ctx: ServiceContext, data: AjusteData): Promise<AjusteRow> {
  return write(ctx, async (tx, audit) => {
    await lockMateriales(tx, [data.codigo]);
    const [m] = await tx.select({ producto: materiales.producto, stock_actual: materiales.stock_actual }).from(materiales).where(eq(materiales.codigo, data.codigo));
    if (!m) throw notFound(MSG_MATERIAL_NO_ENCONTRADO);
    if (data.stock_visto !== null && !sameStock(m.stock_actual, data.stock_visto)) {
      const message = msgStockCambio(data.codigo, m.stock_actual, data.stock_visto);
      throw conflict(message, { stock_visto: [message] });
    }
    const stockNuevo = sumQty([m.stock_actual, data.diferencia]);
    if (stockNuevo < 0) {
      const message = msgStockInsuficiente(data.codigo, m.stock_actual);
      throw conflict(message, { diferencia: [message] });
    }
    const usuario = ctx.user?.nombre ?? data.usuario ?? AJUSTE_USUARIO_DEFAULT;
    const [row] = await tx
      .insert(ajustes_stock)
      .values({
        codigo: data.codigo,
        producto: m.producto,
        stock_anterior: m.stock_actual,
        diferencia: data.diferencia,
        stock_nuevo: stockNuevo,
        comentario: data.comentario ?? ajusteComentario(data.diferencia, usuario),
        usuario,
        usuario_id: ctx.user?.id ?? null,
      })
      .returning(ajusteColumns);
    await appendMovement(tx, {
      codigo: data.codigo,
      tipo: "AJUSTE",
      cantidad: data.diferencia,
      documento: `Ajuste ${row.id}`,
      ajuste_id: row.id,
      usuario_id: ctx.user?.id ?? null,
      field: "diferencia",
    });
    await audit({ entity: ajustes_stock, entityId: row.id, changes: row });
    return row;
  });
}
