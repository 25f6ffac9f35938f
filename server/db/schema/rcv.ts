// The SII's Registro de Compras (RCV) imported by Contabilidad (issue 35, operations area):
// each import of one month's register, its rows with their result against Facturas/Guías,
// and the SII state of each supplier invoice (its reception at the SII, acceptance or claim).
import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { RCV_REGISTROS, RCV_RESULTADOS, type RcvResumen } from "../../../src/domain/operations/rcv";
import { SII_DECISIONES, SII_MOTIVOS_RECLAMO } from "../../../src/domain/operations/sii-decision";
import { facturas_guias } from "./operations";
import { usuarios } from "./platform";

export const rcv_importaciones = pgTable(
  "rcv_importaciones",
  {
    id: serial("id").primaryKey(),
    /** "2026-03". */
    periodo: text("periodo").notNull(),
    registro: text("registro", { enum: RCV_REGISTROS }).notNull(),
    nombre_archivo: text("nombre_archivo").notNull(),
    /** SHA-256 of the file's bytes: the same file again answers this import. */
    hash: text("hash").notNull(),
    filas: integer("filas").notNull(),
    coinciden: integer("coinciden").notNull().default(0),
    con_diferencias: integer("con_diferencias").notNull().default(0),
    solo_sii: integer("solo_sii").notNull().default(0),
    solo_ventanal: integer("solo_ventanal").notNull().default(0),
    /** Against the previous import of the same month and register: rows new, changed, gone. */
    anterior_id: integer("anterior_id").references((): AnyPgColumn => rcv_importaciones.id),
    nuevas: integer("nuevas").notNull().default(0),
    cambiadas: integer("cambiadas").notNull().default(0),
    desaparecidas: integer("desaparecidas").notNull().default(0),
    /** The groups' counts and amounts, the month's totals per document type from both sources and the IVA crédito fiscal (rcv-resumen.ts). */
    resumen: jsonb("resumen").$type<RcvResumen>().notNull().default(sql`'{}'::jsonb`),
    creado_por_id: integer("creado_por_id").references(() => usuarios.id),
    creado_en: timestamp("creado_en", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("rcv_importaciones_hash_uq").on(t.hash), index("rcv_importaciones_periodo_idx").on(t.periodo, t.registro, t.id)],
);

export const rcv_filas = pgTable(
  "rcv_filas",
  {
    id: serial("id").primaryKey(),
    importacion_id: integer("importacion_id")
      .notNull()
      .references(() => rcv_importaciones.id, { onDelete: "cascade" }),
    resultado: text("resultado", { enum: RCV_RESULTADOS }).notNull(),
    /**
     * The row's place in its import, the order a page shows: the file's line, then the
     * month's documents the SII does not list. Pages are read by (importacion_id, n), so a
     * page of a later import never walks the earlier imports' rows (as ordering by id did).
     */
    n: integer("n").notNull(),
    /** The file's line; null for a Ventanal document the SII does not list. */
    linea: integer("linea"),
    tipo_doc: integer("tipo_doc").notNull(),
    tipo_compra: text("tipo_compra"),
    rut_proveedor: text("rut_proveedor").notNull(),
    razon_social: text("razon_social").notNull(),
    folio: text("folio").notNull(),
    fecha_docto: date("fecha_docto", { mode: "string" }),
    fecha_recepcion: date("fecha_recepcion", { mode: "string" }),
    fecha_acuse: date("fecha_acuse", { mode: "string" }),
    monto_exento: bigint("monto_exento", { mode: "number" }),
    monto_neto: bigint("monto_neto", { mode: "number" }),
    iva_recuperable: bigint("iva_recuperable", { mode: "number" }),
    iva_no_recuperable: bigint("iva_no_recuperable", { mode: "number" }),
    monto_total: bigint("monto_total", { mode: "number" }),
    /** The matched (or, solo en Ventanal, the unlisted) document of Facturas/Guías. */
    factura_id: integer("factura_id").references(() => facturas_guias.id, { onDelete: "set null" }),
    /** Ventanal's figures as the SII counts them (credit notes positive): neto + exento, IVA, total. */
    ventanal_neto: bigint("ventanal_neto", { mode: "number" }),
    ventanal_iva: bigint("ventanal_iva", { mode: "number" }),
    ventanal_total: bigint("ventanal_total", { mode: "number" }),
    ventanal_fecha: date("ventanal_fecha", { mode: "string" }),
    /** Each differing field with both values: [{ campo, sii, ventanal }]. */
    diferencias: jsonb("diferencias").$type<{ campo: string; sii: string | number; ventanal: string | number }[]>().notNull().default(sql`'[]'::jsonb`),
    /** Since the previous import of the month: "nueva", "cambio" (result or amounts), null. */
    cambio: text("cambio"),
  },
  (t) => [
    uniqueIndex("rcv_filas_orden_uq").on(t.importacion_id, t.n),
    index("rcv_filas_resultado_idx").on(t.importacion_id, t.resultado, t.n),
    index("rcv_filas_documento_idx").on(t.importacion_id, t.rut_proveedor, t.tipo_doc, t.folio),
    index("rcv_filas_factura_idx").on(t.factura_id, t.importacion_id),
  ],
);

/** A supplier document's state at the SII: reception there, and Contabilidad's acceptance or claim. */
export const facturas_sii = pgTable(
  "facturas_sii",
  {
    factura_id: integer("factura_id")
      .primaryKey()
      .references(() => facturas_guias.id, { onDelete: "cascade" }),
    /** When the SII received it (RCV's Fecha Recepcion): the 8-day window starts here. */
    fecha_recepcion_sii: date("fecha_recepcion_sii", { mode: "string" }),
    /** The RCV's Fecha Acuse: accepted at the SII. */
    fecha_acuse: date("fecha_acuse", { mode: "string" }),
    decision: text("decision", { enum: SII_DECISIONES }),
    motivo: text("motivo", { enum: SII_MOTIVOS_RECLAMO }),
    comentario: text("comentario"),
    /** Where the decision came from: Contabilidad in Ventanal, or the SII's register. */
    origen: text("origen", { enum: ["ventanal", "rcv"] }),
    decidido_por_id: integer("decidido_por_id").references(() => usuarios.id),
    decidido_en: timestamp("decidido_en", { withTimezone: true }),
  },
  (t) => [check("facturas_sii_motivo_ck", sql`${t.motivo} is null or ${t.decision} = 'reclamada'`), index("facturas_sii_recepcion_idx").on(t.fecha_recepcion_sii)],
);
