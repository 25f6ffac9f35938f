// Technical office: material lists (pautas) per quote. One table with a `categoria`
// column serves the eight per-category paths (design page "Technical lists").
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { quantity } from "./quantity";
import { PAUTA_CATEGORIES } from "../../../src/domain/pautas/categories";
import type { PautaRow } from "../../../src/domain/pautas/schemas";
import type { Expect, Stores } from "../columns";
import { clientes, presupuestos } from "./sales";

export const pautas = pgTable(
  "pautas",
  {
    id: serial("id").primaryKey(),
    categoria: text("categoria", { enum: PAUTA_CATEGORIES }).notNull(),
    cliente_id: integer("cliente_id")
      .notNull()
      .references(() => clientes.id),
    presupuesto_id: integer("presupuesto_id")
      .notNull()
      .references(() => presupuestos.id),
    numero_presupuesto: text("numero_presupuesto").notNull(),
    codigo: text("codigo").notNull(),
    producto: text("producto").notNull(),
    /** What the work needs (bars for perfiles and refuerzos, rounded up). */
    cantidad: quantity("cantidad").notNull(),
    /** The quantity as the list gave it (meters for bars). */
    cantidad_original: quantity("cantidad_original").notNull(),
    separado: boolean("separado").notNull().default(false),
    creado_en: timestamp("creado_en", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A code appears once per quote and category: a batch adds to an existing line.
    uniqueIndex("pautas_presupuesto_categoria_codigo_uq").on(t.presupuesto_id, t.categoria, t.codigo),
    index("pautas_categoria_idx").on(t.categoria, t.id),
    index("pautas_codigo_idx").on(t.codigo),
    check(
      "pautas_categoria_ck",
      sql`${t.categoria} in ('perfiles','refuerzos','herraje','accesorios','gomascepillos','tornillos','vidrio','instalacion')`,
    ),
  ],
);

/** The API row is the table's columns by the same names and types. */
export type PautasRows = [Expect<Stores<typeof pautas, PautaRow>>];
