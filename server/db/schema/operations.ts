// Operations: supplier invoices and delivery notes with their payment state, and client
// payments (design page "Operations and payments"). Work tracking lives in sales.ts
// (seguimiento_obras is created with its quote).
import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { vehiculos as vehiculosResource } from "../../../src/domain/operations/vehiculos.resource";
import type { pagosClientes as pagosClientesResource } from "../../../src/domain/operations/pagos-clientes.resource";
import type { facturasGuias as facturasGuiasResource } from "../../../src/domain/operations/facturas-guias.resource";
import type { Declares, Expect } from "../columns";
import { usuarios } from "./platform";
import { ordenes_compra, proveedores } from "./purchasing";
import { clientes, presupuestos } from "./sales";

interface DocumentColumns {
  rut_proveedor: AnyPgColumn;
  tipo_dte: AnyPgColumn;
  numero_factura: AnyPgColumn;
  numero_guia: AnyPgColumn;
}

/**
 * The kind of a document in the uniqueness key: its SII type when known, else an invoice
 * (33) when it has an invoice number and a delivery note (52) when it has only a guía
 * number, so an untyped row and a typed one of the same document collide.
 */
export const documentKind = (t: DocumentColumns) => sql`coalesce(${t.tipo_dte}, case when ${t.numero_factura} is null then 52 else 33 end)`;
/** The number that identifies it (the invoice's, else the delivery note's), trimmed, any case. */
export const documentNumber = (t: DocumentColumns) => sql`lower(btrim(coalesce(${t.numero_factura}, ${t.numero_guia})))`;
/** The issuer's RUT without dots, dash or spaces, upper case ('' when there is none). */
export const rutKey = (t: DocumentColumns) => sql`upper(regexp_replace(coalesce(${t.rut_proveedor}, ''), '[^0-9kK]', '', 'g'))`;

/**
 * A supplier invoice or delivery note. `vencimiento` (fecha + dias_credito) and
 * `estado_calculado` are derived when read, never stored.
 */
export const facturas_guias = pgTable(
  "facturas_guias",
  {
    id: serial("id").primaryKey(),
    proveedor_id: integer("proveedor_id").references(() => proveedores.id),
    proveedor: text("proveedor").notNull(),
    rut_proveedor: text("rut_proveedor"),
    /** SII document type when known: 33 factura, 34 exenta, 52 guía, 61 nota de crédito. */
    tipo_dte: integer("tipo_dte"),
    numero_guia: text("numero_guia"),
    numero_factura: text("numero_factura"),
    fecha: date("fecha", { mode: "string" }).notNull(),
    monto_neto: bigint("monto_neto", { mode: "number" }).notNull().default(0),
    iva: bigint("iva", { mode: "number" }).notNull().default(0),
    monto_total: bigint("monto_total", { mode: "number" }).notNull().default(0),
    observacion: text("observacion"),
    dias_credito: integer("dias_credito").notNull().default(0),
    /** "Pagado" or null (unpaid). */
    estado_pago: text("estado_pago"),
    fecha_pago: date("fecha_pago", { mode: "string" }),
    observaciones_internas: text("observaciones_internas"),
    /** The day it was registered (start of the SII 8-day acceptance window). */
    fecha_recepcion: date("fecha_recepcion", { mode: "string" }).notNull(),
    numero_oc: integer("numero_oc").references(() => ordenes_compra.numero_oc),
    creado_por_id: integer("creado_por_id").references(() => usuarios.id),
    creado_en: timestamp("creado_en", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("facturas_guias_proveedor_idx").on(t.proveedor, t.fecha),
    index("facturas_guias_fecha_idx").on(t.fecha, t.id),
    // The global search's exact number (server/services/search/search.ts).
    index("facturas_guias_numero_factura_idx").on(t.numero_factura),
    index("facturas_guias_numero_guia_idx").on(t.numero_guia),
    // The invoices still to pay on credit by due date (the home's "Facturas por pagar" card:
    // porPagarSql of services/operations/factura-row.ts, the same condition).
    index("facturas_guias_por_pagar_idx")
      .on(sql`(${t.fecha} + ${t.dias_credito})`, t.id)
      .where(sql`lower(trim(coalesce(${t.estado_pago}, ''))) <> 'pagado' and ${t.dias_credito} <> 0`),
    // The list filtered by its computed state (estado_pago= / estado_calculado=), in its order
    // (fecha desc, id): one partial index per state's condition, the text of
    // estadoCalculadoIs (services/operations/factura-row.ts). Vencida and Vigente read the
    // unpaid ones on credit, whose due date is the index's last column: compared inside the
    // index, so the newest invoices still in term are skipped without reading their rows
    // (by due date, facturas_guias_por_pagar_idx).
    index("facturas_guias_pagadas_idx")
      .on(t.fecha, t.id)
      .where(sql`lower(trim(coalesce(${t.estado_pago}, ''))) = 'pagado'`),
    index("facturas_guias_contado_idx")
      .on(t.fecha, t.id)
      .where(sql`lower(trim(coalesce(${t.estado_pago}, ''))) <> 'pagado' and ${t.dias_credito} = 0`),
    index("facturas_guias_por_pagar_fecha_idx")
      .on(t.fecha, t.id, sql`(${t.fecha} + ${t.dias_credito})`)
      .where(sql`lower(trim(coalesce(${t.estado_pago}, ''))) <> 'pagado' and ${t.dias_credito} <> 0`),
    // A document is registered once (issue 23.5), whoever writes it and however the supplier
    // or the number is spelled: once per supplier name and once per issuer RUT, by kind and
    // number (documentKey). Rows without a number identify nothing and are not compared.
    uniqueIndex("facturas_guias_numero_uq")
      .on(sql`lower(btrim(${t.proveedor}))`, documentKind(t), documentNumber(t))
      .where(sql`${documentNumber(t)} is not null`),
    uniqueIndex("facturas_guias_dte_uq")
      .on(rutKey(t), documentKind(t), documentNumber(t))
      .where(sql`${rutKey(t)} <> '' and ${documentNumber(t)} is not null`),
    check("facturas_guias_dias_credito_ck", sql`${t.dias_credito} >= 0`),
  ],
);

export const pagos_clientes = pgTable(
  "pagos_clientes",
  {
    id: serial("id").primaryKey(),
    cliente_id: integer("cliente_id")
      .notNull()
      .references(() => clientes.id),
    presupuesto_id: integer("presupuesto_id")
      .notNull()
      .references(() => presupuestos.id),
    fecha_pago: date("fecha_pago", { mode: "string" }).notNull(),
    /** With VAT, whole pesos. */
    monto: bigint("monto", { mode: "number" }).notNull(),
    estado: text("estado"),
    observacion: text("observacion"),
    creado_por_id: integer("creado_por_id").references(() => usuarios.id),
    creado_en: timestamp("creado_en", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("pagos_clientes_presupuesto_idx").on(t.presupuesto_id, t.id), index("pagos_clientes_cliente_idx").on(t.cliente_id)],
);

/** The company's vehicles (declared resource: src/domain/operations/vehiculos.resource.ts). */
export const vehiculos = pgTable(
  "vehiculos",
  {
    id: serial("id").primaryKey(),
    patente: text("patente").notNull(),
    marca: text("marca").notNull(),
    modelo: text("modelo").notNull(),
    anio: integer("anio"),
    vencimiento_revision_tecnica: date("vencimiento_revision_tecnica", { mode: "string" }),
    vencimiento_permiso_circulacion: date("vencimiento_permiso_circulacion", { mode: "string" }),
    responsable_id: integer("responsable_id")
      .notNull()
      .references(() => usuarios.id),
  },
  (t) => [uniqueIndex("vehiculos_patente_uq").on(sql`lower(${t.patente})`)],
);

/** Each API row is its table's columns by the same names and types (an invoice adds its computed vencimiento and estado_calculado). */
export type OperationsRows = [
  Expect<Declares<typeof facturas_guias, typeof facturasGuiasResource>>,
  Expect<Declares<typeof pagos_clientes, typeof pagosClientesResource>>,
  Expect<Declares<typeof vehiculos, typeof vehiculosResource>>,
];
