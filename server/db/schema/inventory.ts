// Inventory: products, the movements ledger (kardex) and the documents that move stock
// (design page "Inventory: one ledger, derived figures").
import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { quantity } from "./quantity";
import { MOVEMENT_KINDS } from "../../../src/domain/inventory/movements";
import type { AjusteRow, MaterialRow, MovimientoRow, SalidaRow, SolicitudRow } from "../../../src/domain/inventory/schemas";
import type { Declares, Expect, Stores } from "../columns";
import type { materiales as materialesResource } from "../../../src/domain/inventory/materiales.resource";
import { usuarios } from "./platform";
import { clientes, presupuestos } from "./sales";

/**
 * A product. `stock_actual` is kept here for speed, but only ever changed by
 * appendMovement (server/services/inventory/ledger.ts), in the transaction that appends
 * the movement, after locking this row: it always equals the sum of its movements.
 * `stock_reservado` is kept the same way, by triggers (see the column).
 */
export const materiales = pgTable(
  "materiales",
  {
    codigo: text("codigo").primaryKey(),
    producto: text("producto").notNull(),
    unidad: text("unidad").notNull().default("UN"),
    /** Last purchase price (net, may carry decimals). */
    precio_unitario: numeric("precio_unitario", { mode: "number" }).notNull().default(0),
    stock_minimo: quantity("stock_minimo").notNull().default(0),
    stock_actual: quantity("stock_actual").notNull().default(0),
    /**
     * What the active works still hold of the product: Σ reservas_obra.pendiente of the code
     * (server/db/schema/reservas.ts). Written only by the triggers of
     * 0011_stock_reservado_triggers.sql, in the transaction of the write that changes it.
     */
    stock_reservado: quantity("stock_reservado").notNull().default(0),
    creado_en: timestamp("creado_en", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Product names are unique compared case-insensitively.
    uniqueIndex("materiales_producto_uq").on(sql`lower(${t.producto})`),
    check("materiales_stock_no_negativo_ck", sql`${t.stock_actual} >= 0`),
    // Stock Actual's default order (reserved descending, then code): a page is the index's first rows.
    index("materiales_reservado_idx").on(t.stock_reservado.desc().nullsFirst(), t.codigo),
    // Faltantes (available = current − reserved below 0 or below the minimum: a few products
    // of many): its page and its total read only those, in its order (available, code),
    // however big the catalogue (server/services/inventory/list-faltantes.ts; the predicate
    // is the list's own condition, so the planner proves it).
    index("materiales_faltantes_idx")
      .on(sql`(${t.stock_actual} - ${t.stock_reservado})`, t.codigo)
      .where(sql`(${t.stock_actual} - ${t.stock_reservado}) < 0 or (${t.stock_actual} - ${t.stock_reservado}) < ${t.stock_minimo}`),
  ],
);

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE): a correction is a new AJUSTE. */
export const movimientos_stock = pgTable(
  "movimientos_stock",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    fecha: timestamp("fecha", { withTimezone: true }).notNull().defaultNow(),
    codigo: text("codigo")
      .notNull()
      .references(() => materiales.codigo),
    tipo: text("tipo", { enum: MOVEMENT_KINDS }).notNull(),
    /** Signed: INGRESO > 0, SALIDA < 0, AJUSTE either way; never 0. */
    cantidad: quantity("cantidad").notNull(),
    precio_unitario: numeric("precio_unitario", { mode: "number" }),
    /** The product's stock right after this movement. */
    saldo: quantity("saldo").notNull(),
    /** Human reference of the source document ("OC 120 · Factura 5531", "Salida 45", "Ajuste 7"). */
    documento: text("documento").notNull(),
    numero_oc: integer("numero_oc"),
    recepcion_id: integer("recepcion_id"),
    salida_id: integer("salida_id"),
    ajuste_id: integer("ajuste_id"),
    usuario_id: integer("usuario_id").references(() => usuarios.id),
  },
  (t) => [
    index("movimientos_stock_codigo_idx").on(t.codigo, t.id),
    index("movimientos_stock_fecha_idx").on(t.fecha),
    check("movimientos_stock_tipo_ck", sql`${t.tipo} in ('INGRESO','SALIDA','AJUSTE')`),
    check("movimientos_stock_cantidad_ck", sql`${t.cantidad} <> 0`),
  ],
);

/** Material exits to a work (POST api/registro_salida); valued at the product's price then. */
export const salidas_inventario = pgTable(
  "salidas_inventario",
  {
    id: serial("id").primaryKey(),
    fecha: timestamp("fecha", { withTimezone: true }).notNull().defaultNow(),
    codigo: text("codigo")
      .notNull()
      .references(() => materiales.codigo),
    producto: text("producto").notNull(),
    cantidad: quantity("cantidad").notNull(),
    precio_neto: numeric("precio_neto", { mode: "number" }).notNull().default(0),
    cliente_id: integer("cliente_id")
      .notNull()
      .references(() => clientes.id),
    presupuesto_id: integer("presupuesto_id")
      .notNull()
      .references(() => presupuestos.id),
    cliente_nombre: text("cliente_nombre").notNull(),
    presupuesto_numero: text("presupuesto_numero").notNull(),
    nombre_obra: text("nombre_obra"),
    observacion: text("observacion"),
    usuario_id: integer("usuario_id").references(() => usuarios.id),
  },
  (t) => [
    index("salidas_inventario_presupuesto_codigo_idx").on(t.presupuesto_id, t.codigo),
    index("salidas_inventario_fecha_idx").on(t.fecha, t.id),
    index("salidas_inventario_codigo_idx").on(t.codigo),
    check("salidas_inventario_cantidad_ck", sql`${t.cantidad} > 0`),
  ],
);

/** Stock adjustments (POST api/ajuste_stock); each also writes an AJUSTE movement. */
export const ajustes_stock = pgTable(
  "ajustes_stock",
  {
    id: serial("id").primaryKey(),
    fecha: timestamp("fecha", { withTimezone: true }).notNull().defaultNow(),
    codigo: text("codigo")
      .notNull()
      .references(() => materiales.codigo),
    producto: text("producto").notNull(),
    stock_anterior: quantity("stock_anterior").notNull(),
    diferencia: quantity("diferencia").notNull(),
    stock_nuevo: quantity("stock_nuevo").notNull(),
    comentario: text("comentario").notNull(),
    /** The acting user's name as the screen sent it (spec 6). */
    usuario: text("usuario").notNull(),
    usuario_id: integer("usuario_id").references(() => usuarios.id),
  },
  (t) => [index("ajustes_stock_codigo_idx").on(t.codigo, t.id), check("ajustes_stock_diferencia_ck", sql`${t.diferencia} <> 0`)],
);

/** Warehouse requests for materials (Solicitud de materiales a OT). */
export const solicitudes_bodega = pgTable(
  "solicitudes_bodega",
  {
    id: serial("id").primaryKey(),
    codigo: text("codigo").notNull(),
    producto: text("producto").notNull(),
    cantidad: quantity("cantidad").notNull(),
    solicitante: text("solicitante").notNull(),
    estado: text("estado").notNull().default("Pendiente"),
    fecha_creacion: timestamp("fecha_creacion", { withTimezone: true }).notNull().defaultNow(),
    fecha_aprobacion: timestamp("fecha_aprobacion", { withTimezone: true }),
    aprobado_por: text("aprobado_por"),
    aprobado_por_id: integer("aprobado_por_id").references(() => usuarios.id),
    creado_por_id: integer("creado_por_id").references(() => usuarios.id),
  },
  (t) => [index("solicitudes_bodega_estado_idx").on(t.estado, t.id), check("solicitudes_bodega_cantidad_ck", sql`${t.cantidad} >= 1`)],
);

/** Each API row is its table's columns by the same names and types. */
export type InventoryRows = [Expect<Stores<typeof materiales, MaterialRow>>, Expect<Declares<typeof materiales, typeof materialesResource>>];

/** The ledger and the warehouse documents: each stored row is its API row by the same names and types. */
export type InventoryLedgerRows = [
  Expect<Stores<typeof movimientos_stock, Omit<MovimientoRow, "usuario_nombre">>>, // usuario_nombre is joined
  Expect<Stores<typeof salidas_inventario, SalidaRow>>,
  Expect<Stores<typeof ajustes_stock, AjusteRow>>,
  Expect<Stores<typeof solicitudes_bodega, SolicitudRow>>,
];
