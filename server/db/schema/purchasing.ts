// Purchasing: suppliers, purchase orders (OC) with their items, and the receipts of
// supplier invoices against them (design page "Purchasing").
import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { quantity } from "./quantity";
import type { OrderState } from "../../../src/domain/purchasing/order-state";
import type { ItemOcRow, OrdenCompraRow, ProveedorRow, RecepcionData } from "../../../src/domain/purchasing/schemas";
import type { Declares, Expect, Stores } from "../columns";
import type { proveedores as proveedoresResource } from "../../../src/domain/purchasing/proveedores.resource";
import { materiales } from "./inventory";
import { usuarios } from "./platform";
import { clientes, presupuestos } from "./sales";

export const proveedores = pgTable(
  "proveedores",
  {
    id: serial("id").primaryKey(),
    proveedor: text("proveedor").notNull(),
    rut: text("rut"), // normal form 12.345.678-5, unique when present
    vendedor: text("vendedor"),
    contacto: text("contacto"),
    banco: text("banco"),
    tipo_de_cuenta: text("tipo_de_cuenta"),
    numero_cuenta: text("numero_cuenta"),
    dias_credito: integer("dias_credito").notNull().default(0),
    creado_en: timestamp("creado_en", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("proveedores_nombre_uq").on(sql`lower(${t.proveedor})`),
    uniqueIndex("proveedores_rut_uq").on(t.rut).where(sql`${t.rut} is not null`),
    check("proveedores_dias_credito_ck", sql`${t.dias_credito} >= 0`),
  ],
);

/**
 * A purchase order. The number is given by the server (free number asked for, else the
 * next free one). Its state (PENDIENTE / COMPLETA) and net are derived from its items and
 * kept at write time (server/services/derived/ordenes.ts), never sent by a client.
 */
export const ordenes_compra = pgTable(
  "ordenes_compra",
  {
    numero_oc: integer("numero_oc").primaryKey(),
    proveedor_id: integer("proveedor_id")
      .notNull()
      .references(() => proveedores.id),
    /** The supplier's name as written on the order. */
    proveedor: text("proveedor").notNull(),
    fecha: date("fecha", { mode: "string" }).notNull(),
    realizado_por: text("realizado_por").notNull(),
    comentario: text("comentario"),
    cliente_id: integer("cliente_id").references(() => clientes.id),
    cliente_nombre: text("cliente_nombre"),
    presupuesto_id: integer("presupuesto_id").references(() => presupuestos.id),
    numero_presupuesto: text("numero_presupuesto"),
    /** The work's name (spec 3: observacion). */
    observacion: text("observacion"),
    /** Invoice number and date of the latest receipt (every receipt is in recepciones_oc). */
    factura: text("factura"),
    fecha_factura: date("fecha_factura", { mode: "string" }),
    creado_por_id: integer("creado_por_id").references(() => usuarios.id),
    creado_en: timestamp("creado_en", { withTimezone: true }).notNull().defaultNow(),
    /** Derived at write time (server/services/derived/ordenes.ts): COMPLETA when it has items and all arrived in full. */
    estado: text("estado").$type<OrderState>().notNull().default("PENDIENTE"),
    /** Derived at write time: the sum of the items' nets, each rounded to whole pesos. */
    total_neto: bigint("total_neto", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    index("ordenes_compra_fecha_idx").on(t.fecha, t.numero_oc),
    index("ordenes_compra_estado_idx").on(t.estado, t.numero_oc),
    check("ordenes_compra_estado_ck", sql`${t.estado} in ('PENDIENTE', 'COMPLETA')`),
    index("ordenes_compra_proveedor_idx").on(t.proveedor_id),
    index("ordenes_compra_presupuesto_idx").on(t.presupuesto_id),
    check("ordenes_compra_numero_ck", sql`${t.numero_oc} > 0`),
  ],
);

export const items_oc = pgTable(
  "items_oc",
  {
    id: serial("id").primaryKey(),
    numero_oc: integer("numero_oc")
      .notNull()
      .references(() => ordenes_compra.numero_oc, { onDelete: "cascade" }),
    codigo: text("codigo")
      .notNull()
      .references(() => materiales.codigo),
    producto: text("producto").notNull(),
    unidad: text("unidad").notNull().default("UN"),
    cantidad: quantity("cantidad").notNull(),
    precio_unitario: numeric("precio_unitario", { mode: "number" }).notNull(),
    costo_neto: numeric("costo_neto", { mode: "number" }),
    observacion: text("observacion"),
    /** Cumulative arrived quantity; only receipts raise it. */
    cantidad_llegada: quantity("cantidad_llegada").notNull().default(0),
    observacion_ingreso: text("observacion_ingreso"),
  },
  (t) => [
    index("items_oc_numero_idx").on(t.numero_oc, t.id),
    index("items_oc_codigo_idx").on(t.codigo),
    check("items_oc_cantidad_ck", sql`${t.cantidad} > 0`),
    check("items_oc_llegada_ck", sql`${t.cantidad_llegada} >= 0`),
  ],
);

/** One receipt of a supplier invoice against an order (partial deliveries stay traceable). */
export const recepciones_oc = pgTable(
  "recepciones_oc",
  {
    id: serial("id").primaryKey(),
    numero_oc: integer("numero_oc")
      .notNull()
      .references(() => ordenes_compra.numero_oc),
    factura: text("factura").notNull(),
    fecha_factura: date("fecha_factura", { mode: "string" }).notNull(),
    fecha: timestamp("fecha", { withTimezone: true }).notNull().defaultNow(),
    usuario_id: integer("usuario_id").references(() => usuarios.id),
  },
  (t) => [index("recepciones_oc_numero_idx").on(t.numero_oc, t.id)],
);

/** What one receipt changed on each item (its price is the one it arrived at, never rewritten). */
export const recepciones_oc_items = pgTable(
  "recepciones_oc_items",
  {
    id: serial("id").primaryKey(),
    recepcion_id: integer("recepcion_id")
      .notNull()
      .references(() => recepciones_oc.id),
    item_id: integer("item_id")
      .notNull()
      .references(() => items_oc.id),
    codigo: text("codigo").notNull(),
    cantidad_anterior: quantity("cantidad_anterior").notNull(),
    cantidad_llegada: quantity("cantidad_llegada").notNull(),
    diferencia: quantity("diferencia").notNull(),
    precio_unitario: numeric("precio_unitario", { mode: "number" }).notNull(),
    observacion_ingreso: text("observacion_ingreso"),
  },
  (t) => [
    // One line per item in a receipt: an item sent twice can never enter stock twice.
    uniqueIndex("recepciones_oc_items_recepcion_item_uq").on(t.recepcion_id, t.item_id),
    index("recepciones_oc_items_item_idx").on(t.item_id),
  ],
);

export type PurchasingRows = [
  Expect<Stores<typeof proveedores, ProveedorRow>>,
  Expect<Declares<typeof proveedores, typeof proveedoresResource>>,
  Expect<Stores<typeof ordenes_compra, OrdenCompraRow>>,
  Expect<Stores<typeof items_oc, ItemOcRow>>,
];

/** Receipts: the API row less its joined user name and items; each item less its receipt id. */
export type ReceiptRows = [
  Expect<Stores<typeof recepciones_oc, Omit<RecepcionData, "usuario_nombre" | "items">>>,
  Expect<Stores<typeof recepciones_oc_items, RecepcionData["items"][number]>>,
];
