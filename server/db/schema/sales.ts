// Sales tables. Keys are the column names, as the API rows of src/domain/sales name them
// (see ../columns.ts); SalesRows below fails typecheck when a table and its row drift apart.
import { bigint, boolean, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { quantity } from "./quantity";
import { sql } from "drizzle-orm";
import { TIPOS_APERTURA, TIPOS_VENTANA } from "../../../src/domain/sales/utv";
import type { ClienteRow, ItemPresupuestoRow, PresupuestoRow } from "../../../src/domain/sales/schemas";
import type { Declares, Expect, Stores } from "../columns";
import type { clientes as clientesResource } from "../../../src/domain/sales/clientes.resource";
import type { SeguimientoRow } from "../../../src/domain/operations/schemas";
import { usuarios } from "./platform";

export const clientes = pgTable(
  "clientes",
  {
    id: serial("id").primaryKey(),
    nombre: text("nombre").notNull(),
    rut: text("rut"), // normal form 12.345.678-5, unique when present
    correo: text("correo"),
    telefono: text("telefono"),
    direccion: text("direccion"),
    creado_en: timestamp("creado_en", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("clientes_nombre_idx").on(t.nombre),
    // The global search's order and exact name (server/services/search/search.ts): a
    // common text reads the first clients by name and stops at the fifth match.
    index("clientes_nombre_humano_idx").on(sql`${t.nombre} collate "und-x-icu"`, t.id),
    index("clientes_nombre_lower_idx").on(sql`lower(${t.nombre})`),
    uniqueIndex("clientes_rut_uq").on(t.rut).where(sql`${t.rut} is not null`),
  ],
);

export const presupuestos = pgTable(
  "presupuestos",
  {
    id: serial("id").primaryKey(),
    numero: text("numero").notNull(),
    cliente_id: integer("cliente_id").notNull().references(() => clientes.id),
    nombre_obra: text("nombre_obra"),
    direccion: text("direccion"),
    observacion: text("observacion"),
    fecha: date("fecha", { mode: "string" }).notNull(),
    total_neto_presupuestado: bigint("total_neto_presupuestado", { mode: "number" }).notNull().default(0),
    creado_en: timestamp("creado_en", { withTimezone: true }).notNull().defaultNow(),
    /** The user who made the quote: its PDF names them as the salesperson (null for quotes older than the column without an audit row). */
    creado_por: integer("creado_por").references(() => usuarios.id),
    /** Derived at write time (server/services/derived/obras.ts): the work's exits at their recorded price, whole pesos. */
    total_neto_real: bigint("total_neto_real", { mode: "number" }).notNull().default(0),
    /** Derived at write time (server/services/derived/obras.ts): utility %, one decimal. */
    utilidad: numeric("utilidad", { mode: "number" }).notNull().default(0),
    /**
     * Derived at write time (migration presupuestos_reserva_activa, server/services/derived/obras.ts):
     * the work is active (recepción final not done) and has pauta lines, i.e. it is listed
     * in "Stock reservado por OT" (GET api/stock-reservado/obras, a page through
     * presupuestos_reserva_activa_idx instead of testing every quote).
     */
    reserva_activa: boolean("reserva_activa").notNull().default(false),
  },
  (t) => [
    uniqueIndex("presupuestos_cliente_numero_uq").on(t.cliente_id, t.numero),
    index("presupuestos_creado_idx").on(t.creado_en, t.id),
    index("presupuestos_numero_idx").on(t.numero),
    // The global search's exact number (server/services/search/search.ts).
    index("presupuestos_numero_lower_idx").on(sql`lower(${t.numero})`),
    index("presupuestos_reserva_activa_idx").on(t.creado_en, t.id).where(sql`reserva_activa`),
  ],
);

export const itemsPresupuesto = pgTable(
  "items_presupuesto",
  {
    id: serial("id").primaryKey(),
    presupuesto_id: integer("presupuesto_id").notNull().references(() => presupuestos.id, { onDelete: "cascade" }),
    item: text("item"),
    recinto: text("recinto"),
    ancho: numeric("ancho", { mode: "number" }),
    alto: numeric("alto", { mode: "number" }),
    tipo_ventana: text("tipo_ventana", { enum: TIPOS_VENTANA }).notNull(),
    tipo_apertura: text("tipo_apertura", { enum: TIPOS_APERTURA }).notNull(),
    grada_buque: boolean("grada_buque").notNull().default(false),
    observaciones: boolean("observaciones").notNull().default(false),
    texto_observaciones: text("texto_observaciones"),
    adicional: boolean("adicional").notNull().default(false),
    cuadros_adicionales: integer("cuadros_adicionales").notNull().default(0),
    cantidad: quantity("cantidad"),
    precio_unitario: numeric("precio_unitario", { mode: "number" }),
    utv: numeric("utv", { mode: "number" }).notNull().default(0),
    utv_monto: bigint("utv_monto", { mode: "number" }).notNull().default(0),
  },
  (t) => [index("items_presupuesto_presupuesto_idx").on(t.presupuesto_id, t.id)],
);

/** One per quote, created with it ("Presupuesto y seguimiento"). 16 boolean stages. */
export const seguimientoObras = pgTable(
  "seguimiento_obras",
  {
    id: serial("id").primaryKey(),
    presupuesto_id: integer("presupuesto_id").notNull().references(() => presupuestos.id, { onDelete: "cascade" }),
    presupuesto: boolean("presupuesto").notNull().default(false),
    rectificacion: boolean("rectificacion").notNull().default(false),
    accesorios: boolean("accesorios").notNull().default(false),
    gomas_cepillos: boolean("gomas_cepillos").notNull().default(false),
    herraje: boolean("herraje").notNull().default(false),
    perfiles: boolean("perfiles").notNull().default(false),
    refuerzos: boolean("refuerzos").notNull().default(false),
    tornillos: boolean("tornillos").notNull().default(false),
    vidrio: boolean("vidrio").notNull().default(false),
    planilla_corte: boolean("planilla_corte").notNull().default(false),
    fabricacion: boolean("fabricacion").notNull().default(false),
    acopio: boolean("acopio").notNull().default(false),
    despacho: boolean("despacho").notNull().default(false),
    instalacion: boolean("instalacion").notNull().default(false),
    recepcion_final: boolean("recepcion_final").notNull().default(false),
    pago: boolean("pago").notNull().default(false),
    rectificacion_fecha: date("rectificacion_fecha", { mode: "string" }),
    rectificacion_plazo_dias: integer("rectificacion_plazo_dias").notNull().default(5),
    comentario: text("comentario"),
    comentario_fecha: timestamp("comentario_fecha", { withTimezone: true }),
    /** Santiago date of the last stage change (the quote's creation at first): how long the work has been in its stage. */
    etapa_fecha: date("etapa_fecha", { mode: "string" })
      .notNull()
      .default(sql`((now() at time zone 'America/Santiago')::date)`),
  },
  (t) => [uniqueIndex("seguimiento_obras_presupuesto_uq").on(t.presupuesto_id)],
);

/** Each API row is its table's columns by the same names and types (presupuestos adds its client's name and RUT from clientes). */
export type SalesRows = [
  Expect<Stores<typeof clientes, ClienteRow>>,
  Expect<Declares<typeof clientes, typeof clientesResource>>,
  Expect<Stores<typeof presupuestos, Omit<PresupuestoRow, "cliente_nombre" | "cliente_rut">>>,
  Expect<Stores<typeof clientes, { nombre: PresupuestoRow["cliente_nombre"]; rut: PresupuestoRow["cliente_rut"] }>>,
  Expect<Stores<typeof itemsPresupuesto, ItemPresupuestoRow>>,
];

/** A work's tracking record: its API row less the quote's and client's joined fields and the computed `completa`. */
export type SeguimientoRows = [Expect<Stores<typeof seguimientoObras, Omit<SeguimientoRow, "cliente_id" | "cliente_nombre" | "presupuesto_numero" | "nombre_obra" | "completa">>>];
