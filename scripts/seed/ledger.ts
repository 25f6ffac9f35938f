// The seeders' stock ledger: every seeded movement (a purchase receipt, an exit, an
// adjustment) is registered here in order, with the balance it leaves, and written at the
// end in one go together with each product's stock_actual (= the sum of its movements)
// and last purchase price: the same invariant appendMovement keeps at run time.
import { sql } from "drizzle-orm";
import type { MovementKind } from "../../src/domain/inventory/movements";
import { sumQty } from "../../src/domain/inventory/quantity";
import type { Tx } from "../../server/services/write";
import { insertJson, type Columns } from "./insert";

export interface SeedMovement {
  fecha: string; // ISO instant
  codigo: string;
  tipo: MovementKind;
  /** Signed. */
  cantidad: number;
  precio_unitario?: number | null;
  documento: string;
  numero_oc?: number | null;
  recepcion_id?: number | null;
  salida_id?: number | null;
  ajuste_id?: number | null;
  usuario_id?: number | null;
}

const MOVEMENT_COLUMNS: Columns = [
  ["fecha", "timestamptz"], ["codigo", "text"], ["tipo", "text"], ["cantidad", "numeric"], ["precio_unitario", "numeric"],
  ["saldo", "numeric"], ["documento", "text"], ["numero_oc", "integer"], ["recepcion_id", "integer"], ["salida_id", "integer"],
  ["ajuste_id", "integer"], ["usuario_id", "integer"],
];

export class SeedLedger {
  private balances = new Map<string, number>();
  private prices = new Map<string, number>();
  private rows: (SeedMovement & { saldo: number })[] = [];

  /** Current stock of a product in the seeded history. */
  stock(codigo: string): number {
    return this.balances.get(codigo) ?? 0;
  }

  /** Registers a movement; false (and nothing registered) when it would take stock below 0. */
  move(m: SeedMovement): boolean {
    const saldo = sumQty([this.stock(m.codigo), m.cantidad]);
    if (saldo < 0 || m.cantidad === 0) return false;
    this.balances.set(m.codigo, saldo);
    if (m.tipo === "INGRESO" && m.precio_unitario != null) this.prices.set(m.codigo, m.precio_unitario);
    this.rows.push({ ...m, saldo });
    return true;
  }

  get count(): number {
    return this.rows.length;
  }

  /** Writes the movements (in registration order) and each product's stock and last price. */
  async flush(tx: Tx): Promise<number> {
    const rows = this.rows.map((r) => ({ numero_oc: null, recepcion_id: null, salida_id: null, ajuste_id: null, usuario_id: null, precio_unitario: null, ...r }));
    await insertJson(tx, "movimientos_stock", MOVEMENT_COLUMNS, rows);
    const stock = [...this.balances].map(([codigo, stock_actual]) => ({ codigo, stock_actual, precio: this.prices.get(codigo) ?? null }));
    if (stock.length > 0) {
      await tx.execute(sql`update materiales m set stock_actual = x.stock_actual, precio_unitario = coalesce(x.precio, m.precio_unitario)
        from json_to_recordset(${JSON.stringify(stock)}::json) as x(codigo text, stock_actual numeric, precio numeric)
        where m.codigo = x.codigo`);
    }
    return rows.length;
  }
}
