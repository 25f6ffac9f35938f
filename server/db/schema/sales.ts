import { bigint, boolean, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

export const clientes = pgTable(
  "clientes",
  {
    id: serial("id").primaryKey(),
    nombre: text("nombre").notNull(),
    rut: text("rut"), // normal form 12.345.678-5, unique when present
    correo: text("correo"),
    telefono: text("telefono"),
    direccion: text("direccion"),
    creadoEn: timestamp("creado_en", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("clientes_nombre_idx").on(t.nombre),
    uniqueIndex("clientes_rut_uq").on(t.rut).where(sql`${t.rut} is not null`),
  ],
);

export const presupuestos = pgTable(
  "presupuestos",
  {
    id: serial("id").primaryKey(),
    numero: text("numero").notNull(),
    clienteId: integer("cliente_id").notNull().references(() => clientes.id),
    nombreObra: text("nombre_obra"),
    direccion: text("direccion"),
    observacion: text("observacion"),
    fecha: date("fecha", { mode: "string" }).notNull(),
    totalNetoPresupuestado: bigint("total_neto_presupuestado", { mode: "number" }).notNull().default(0),
    creadoEn: timestamp("creado_en", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("presupuestos_cliente_numero_uq").on(t.clienteId, t.numero),
    index("presupuestos_creado_idx").on(t.creadoEn, t.id),
    index("presupuestos_numero_idx").on(t.numero),
  ],
);

export const itemsPresupuesto = pgTable(
  "items_presupuesto",
  {
    id: serial("id").primaryKey(),
    presupuestoId: integer("presupuesto_id").notNull().references(() => presupuestos.id, { onDelete: "cascade" }),
    item: text("item"),
    recinto: text("recinto"),
    ancho: numeric("ancho", { mode: "number" }),
    alto: numeric("alto", { mode: "number" }),
    tipoVentana: text("tipo_ventana").notNull(),
    tipoApertura: text("tipo_apertura").notNull(),
    gradaBuque: boolean("grada_buque").notNull().default(false),
    observaciones: boolean("observaciones").notNull().default(false),
    textoObservaciones: text("texto_observaciones"),
    adicional: boolean("adicional").notNull().default(false),
    cuadrosAdicionales: integer("cuadros_adicionales").notNull().default(0),
    cantidad: numeric("cantidad", { mode: "number" }),
    precioUnitario: numeric("precio_unitario", { mode: "number" }),
    utv: numeric("utv", { mode: "number" }).notNull().default(0),
    utvMonto: bigint("utv_monto", { mode: "number" }).notNull().default(0),
  },
  (t) => [index("items_presupuesto_presupuesto_idx").on(t.presupuestoId, t.id)],
);

/** One per quote, created with it ("Presupuesto y seguimiento"). 16 boolean stages. */
export const seguimientoObras = pgTable(
  "seguimiento_obras",
  {
    id: serial("id").primaryKey(),
    presupuestoId: integer("presupuesto_id").notNull().references(() => presupuestos.id, { onDelete: "cascade" }),
    presupuesto: boolean("presupuesto").notNull().default(false),
    rectificacion: boolean("rectificacion").notNull().default(false),
    accesorios: boolean("accesorios").notNull().default(false),
    gomasCepillos: boolean("gomas_cepillos").notNull().default(false),
    herraje: boolean("herraje").notNull().default(false),
    perfiles: boolean("perfiles").notNull().default(false),
    refuerzos: boolean("refuerzos").notNull().default(false),
    tornillos: boolean("tornillos").notNull().default(false),
    vidrio: boolean("vidrio").notNull().default(false),
    planillaCorte: boolean("planilla_corte").notNull().default(false),
    fabricacion: boolean("fabricacion").notNull().default(false),
    acopio: boolean("acopio").notNull().default(false),
    despacho: boolean("despacho").notNull().default(false),
    instalacion: boolean("instalacion").notNull().default(false),
    recepcionFinal: boolean("recepcion_final").notNull().default(false),
    pago: boolean("pago").notNull().default(false),
    rectificacionFecha: date("rectificacion_fecha", { mode: "string" }),
    rectificacionPlazoDias: integer("rectificacion_plazo_dias").notNull().default(5),
    comentario: text("comentario"),
    comentarioFecha: timestamp("comentario_fecha", { withTimezone: true }),
  },
  (t) => [uniqueIndex("seguimiento_obras_presupuesto_uq").on(t.presupuestoId)],
);
