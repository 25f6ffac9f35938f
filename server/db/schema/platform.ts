import { sql } from "drizzle-orm";
import { ROLES } from "../../../src/domain/roles/roles";
import type { usuarios as usuariosResource } from "../../../src/domain/usuarios/usuarios.resource";
import type { EmpresaRow } from "../../../src/domain/empresa/schemas";
import { ELEVATION_VIEWS } from "../../../src/domain/sales/elevation";
import type { Declares, Expect, Stores } from "../columns";
import type { AuditoriaRow } from "../../../src/domain/auditoria/auditoria";
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const usuarios = pgTable(
  "usuarios",
  {
    id: serial("id").primaryKey(),
    nombre: text("nombre").notNull(),
    correo: text("correo").notNull(), // stored lower-case
    rol: text("rol", { enum: ROLES }).notNull(),
    telefono: text("telefono"),
    password_hash: text("password_hash").notNull(),
    activo: boolean("activo").notNull().default(true),
    creado_en: timestamp("creado_en", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("usuarios_correo_uq").on(t.correo), index("usuarios_nombre_idx").on(t.nombre)],
);

export const sesiones = pgTable(
  "sesiones",
  {
    id: serial("id").primaryKey(),
    token_hash: text("token_hash").notNull(),
    usuario_id: integer("usuario_id").notNull().references(() => usuarios.id),
    creada_en: timestamp("creada_en", { withTimezone: true }).notNull().defaultNow(),
    expira_en: timestamp("expira_en", { withTimezone: true }).notNull(),
    revocada_en: timestamp("revocada_en", { withTimezone: true }),
  },
  (t) => [uniqueIndex("sesiones_token_hash_uq").on(t.token_hash), index("sesiones_usuario_idx").on(t.usuario_id)],
);

/** Append-only: a trigger refuses UPDATE and DELETE (see the migration). */
export const auditoria = pgTable(
  "auditoria",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    fecha: timestamp("fecha", { withTimezone: true }).notNull().defaultNow(),
    usuario_id: integer("usuario_id"),
    /** The author's name and role when the row was written (issue 32: history keeps its authors; a rename or a deleted account does not change them). */
    usuario_nombre: text("usuario_nombre"),
    usuario_rol: text("usuario_rol"),
    ruta: text("ruta").notNull(),
    entidad: text("entidad").notNull(),
    entidad_id: text("entidad_id"),
    cambios: jsonb("cambios"),
    /** The record whose «Historial» shows the row, "tabla:id": its own (entidad:entidad_id), or its parent's for a child (an item of a quote: "presupuestos:15"). */
    registro: text("registro"),
  },
  // The history's order is (fecha, id) newest first: a date range and a record's rows are
  // read in that order by index, whatever the table's size (server/services/auditoria).
  (t) => [
    index("auditoria_entidad_idx").on(t.entidad, t.entidad_id),
    index("auditoria_fecha_idx").on(t.fecha, t.id),
    index("auditoria_registro_idx").on(t.registro, t.fecha, t.id),
  ],
);

/** Safe retries: the first answer to (user, key) is kept 24 h and replayed. */
export const idempotencia = pgTable(
  "idempotencia",
  {
    usuario_id: integer("usuario_id").notNull(),
    clave: text("clave").notNull(),
    metodo: text("metodo").notNull(),
    ruta: text("ruta").notNull(),
    // Written in the handler's own transaction with its answer: a row is never seen without one.
    estado_http: integer("estado_http"),
    respuesta: jsonb("respuesta"),
    /** SHA-256 of the request's query string and body: a repeat with other data is refused. */
    huella: text("huella"),
    creada_en: timestamp("creada_en", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.usuario_id, t.clave] }), index("idempotencia_creada_idx").on(t.creada_en)],
);

/**
 * One row when the database belongs to `npm run demo` (scripts/demo.ts): its users share a
 * published password, so `npm start` refuses it unless ALLOW_DEMO_DATA=1. A table of the
 * schema, so the mark travels in backups (npm run backup / restore) with the demo's rows.
 */
export const demostracion = pgTable("demostracion", {
  marca: text("marca").primaryKey(),
  creada_en: timestamp("creada_en", { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * The company's own data printed on the documents (Administración → Empresa): one row
 * (id 1, a check), seeded by a migration with the values that lived in src/config/empresa.ts.
 */
export const empresa = pgTable(
  "empresa",
  {
    id: integer("id").primaryKey().default(1),
    nombre: text("nombre").notNull(),
    nombre_fantasia: text("nombre_fantasia").notNull(),
    giro: text("giro"),
    rut: text("rut").notNull(),
    direccion: text("direccion").notNull(),
    telefono: text("telefono"),
    correo: text("correo"),
    correo_compras: text("correo_compras"),
    sitio_web: text("sitio_web"),
    banco: text("banco"),
    tipo_cuenta: text("tipo_cuenta"),
    numero_cuenta: text("numero_cuenta"),
    correo_transferencias: text("correo_transferencias"),
    validez_oferta_dias: integer("validez_oferta_dias").notNull().default(15),
    forma_pago: text("forma_pago"),
    plazo_entrega: text("plazo_entrega"),
    plazo_entrega_oc: text("plazo_entrega_oc"),
    logo: text("logo"),
    /** Days a client's quote link lives (issue 34). */
    enlace_vigencia_dias: integer("enlace_vigencia_dias").notNull().default(30),
    /** How elevation drawings are seen (issue 34): from outside (the default) or from inside. */
    vista_dibujos: text("vista_dibujos", { enum: ELEVATION_VIEWS }).notNull().default("exterior"),
    actualizado_en: timestamp("actualizado_en", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("empresa_una_fila_ck", sql`${t.id} = 1`),
    check("empresa_validez_ck", sql`${t.validez_oferta_dias} between 1 and 365`),
    check("empresa_vista_dibujos_ck", sql`${t.vista_dibujos} in ('exterior', 'interior')`),
    check("empresa_enlace_vigencia_ck", sql`${t.enlace_vigencia_dias} between 1 and 365`),
  ],
);

/**
 * The backups' schedule and retention saved from Administración → Respaldos (one row, id 1);
 * without it the environment's (BACKUP_HORA, BACKUP_DIARIOS, …) or the defaults apply.
 */
export const ajustes_respaldo = pgTable(
  "ajustes_respaldo",
  {
    id: integer("id").primaryKey().default(1),
    hora: text("hora").notNull(),
    diarios: integer("diarios").notNull(),
    semanales: integer("semanales").notNull(),
    mensuales: integer("mensuales").notNull(),
    actualizado_en: timestamp("actualizado_en", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("ajustes_respaldo_una_fila_ck", sql`${t.id} = 1`),
    check("ajustes_respaldo_hora_ck", sql`${t.hora} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check("ajustes_respaldo_conteos_ck", sql`${t.diarios} between 1 and 60 and ${t.semanales} between 0 and 52 and ${t.mensuales} between 0 and 120`),
  ],
);

/** The declared user (src/domain/usuarios/usuarios.resource.ts) is these columns by the same names and types; password_hash is no field of it (its PASSWORD field is write-only). */
export type PlatformRows = [Expect<Declares<typeof usuarios, typeof usuariosResource>>, Expect<Stores<typeof empresa, EmpresaRow>>];

/**
 * Per-table change counters (server/lists/cache.ts): a statement-level trigger on every
 * application table (but those no list reads: migration `untracked_tables`) adds 1 to its table's counter once per writing transaction, in that
 * transaction (migration `cambios_tabla`). Each database session (`sesion` =
 * pg_backend_pid()) has its own row per table, so concurrent writers never wait on a shared
 * counter; a table's version is the sum of its rows. Rows of sessions that have ended are
 * folded into `sesion` 0 (the sum never goes back).
 *
 * `filas` keeps the table's row count the same way (migration `table_row_counts`):
 * statement-level triggers add the rows each INSERT wrote and subtract those each DELETE
 * removed (TRUNCATE sets it to 0), in the writing transaction; a table's row count is the
 * sum of its rows' `filas`. An unfiltered list's X-Total-Count is read from it
 * (server/lists/define.ts) instead of counting a table of millions.
 */
export const cambios_tabla = pgTable(
  "cambios_tabla",
  {
    tabla: text("tabla").notNull(),
    sesion: integer("sesion").notNull(),
    version: bigint("version", { mode: "number" }).notNull().default(0),
    filas: bigint("filas", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tabla, t.sesion] })],
);

/**
 * The sign-in throttle's counts (server/services/auth/throttle.ts), shared by every app
 * process on the database: per key (`ip:…`, `correo:…`) the failures, the wait they left and
 * the attempts in flight. Times are epoch milliseconds of the app's clock. The rules that
 * read and write it are database functions (migration `login_throttle_functions`); a row
 * with nothing left to remember stays until `purgeLoginAttempts`.
 */
export const intentos_ingreso = pgTable("intentos_ingreso", {
  clave: text("clave").primaryKey(),
  fallos: integer("fallos").notNull().default(0),
  ultimo_fallo: bigint("ultimo_fallo", { mode: "number" }).notNull(),
  bloqueado_hasta: bigint("bloqueado_hasta", { mode: "number" }).notNull().default(0),
  en_curso: integer("en_curso").notNull().default(0),
  /** In-flight attempts of a process that died are forgotten after this moment. */
  en_curso_hasta: bigint("en_curso_hasta", { mode: "number" }).notNull().default(0),
});

/**
 * Requests to the public routes (the client's quote link) per address and window
 * (server/services/sales/public-limit.ts): past the limit the answer is 429. Written on
 * every public request, read by no list: left out of the change counters like the
 * sign-in's (ventanal_tablas_sin_cambios).
 */
export const intentos_publicos = pgTable("intentos_publicos", {
  clave: text("clave").primaryKey(),
  desde: timestamp("desde", { withTimezone: true }).notNull(),
  cuenta: integer("cuenta").notNull(),
});

/** The audit trail: its API row less the joined user name (`registro` is the server's own). */
export type AuditRows = [Expect<Stores<typeof auditoria, AuditoriaRow>>];
