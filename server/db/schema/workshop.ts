// Workshop: UTV production records, thermal panels and the monthly worker roster
// (design page "Workshop and workers").
import { sql } from "drizzle-orm";
import { date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { TermopanelRow, TrabajadorRow, UtvRow } from "../../../src/domain/workshop/schemas";
import type { Expect, Stores } from "../columns";
import { usuarios } from "./platform";

export const taller_utv = pgTable(
  "taller_utv",
  {
    id: serial("id").primaryKey(),
    fecha: date("fecha", { mode: "string" }).notNull(),
    nombre_pauta: text("nombre_pauta"),
    numero_pauta: text("numero_pauta"),
    tipo: text("tipo").notNull().default("PVC"),
    fijo: integer("fijo").notNull().default(0),
    doble_corredera_fijo: integer("doble_corredera_fijo").notNull().default(0),
    proyectante: integer("proyectante").notNull().default(0),
    oscilobatiente: integer("oscilobatiente").notNull().default(0),
    doble_corredera: integer("doble_corredera").notNull().default(0),
    marco_puerta: integer("marco_puerta").notNull().default(0),
    marcos_adicionales: integer("marcos_adicionales").notNull().default(0),
    comentario_marcos: text("comentario_marcos"),
    otro: integer("otro").notNull().default(0),
    comentario_otro: text("comentario_otro"),
    valor_m2: numeric("valor_m2", { mode: "number" }).notNull().default(3000),
    m2_instalador: numeric("m2_instalador", { mode: "number" }).notNull().default(0),
    instalador: text("instalador"),
    creado_por_id: integer("creado_por_id").references(() => usuarios.id),
    creado_en: timestamp("creado_en", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("taller_utv_fecha_idx").on(t.fecha, t.id)],
);

export const taller_termopanel = pgTable(
  "taller_termopanel",
  {
    id: serial("id").primaryKey(),
    fecha: date("fecha", { mode: "string" }).notNull(),
    cliente: text("cliente"),
    cantidad: integer("cantidad").notNull().default(1),
    ancho_mm: numeric("ancho_mm", { mode: "number" }).notNull(),
    alto_mm: numeric("alto_mm", { mode: "number" }).notNull(),
    m2: numeric("m2", { mode: "number" }).notNull(),
    observaciones: text("observaciones"),
    valor_m2: numeric("valor_m2", { mode: "number" }).notNull().default(1500),
    creado_por_id: integer("creado_por_id").references(() => usuarios.id),
    creado_en: timestamp("creado_en", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("taller_termopanel_fecha_idx").on(t.fecha, t.id)],
);

/** One row per worker and month ("YYYY-MM"); a name appears once per period. */
export const trabajadores = pgTable(
  "trabajadores",
  {
    id: serial("id").primaryKey(),
    periodo: text("periodo").notNull(),
    nombre: text("nombre").notNull(),
    dias_trab: integer("dias_trab").notNull().default(0),
    horas_trab: numeric("horas_trab", { mode: "number" }).notNull().default(0),
    horas_extras: numeric("horas_extras", { mode: "number" }).notNull().default(0),
    horas_retraso: numeric("horas_retraso", { mode: "number" }).notNull().default(0),
    observacion: text("observacion"),
    horas_acum_trab: numeric("horas_acum_trab", { mode: "number" }).notNull().default(0),
    creado_en: timestamp("creado_en", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("trabajadores_periodo_nombre_uq").on(t.periodo, sql`lower(${t.nombre})`)],
);

export type WorkshopRows = [
  Expect<Stores<typeof taller_utv, UtvRow>>,
  Expect<Stores<typeof taller_termopanel, TermopanelRow>>,
  Expect<Stores<typeof trabajadores, TrabajadorRow>>,
];
