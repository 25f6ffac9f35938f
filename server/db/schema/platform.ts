import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const usuarios = pgTable(
  "usuarios",
  {
    id: serial("id").primaryKey(),
    nombre: text("nombre").notNull(),
    correo: text("correo").notNull(), // stored lower-case
    rol: text("rol").notNull(),
    passwordHash: text("password_hash").notNull(),
    activo: boolean("activo").notNull().default(true),
    creadoEn: timestamp("creado_en", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("usuarios_correo_uq").on(t.correo), index("usuarios_nombre_idx").on(t.nombre)],
);

export const sesiones = pgTable(
  "sesiones",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    usuarioId: integer("usuario_id").notNull().references(() => usuarios.id),
    creadaEn: timestamp("creada_en", { withTimezone: true }).notNull().defaultNow(),
    expiraEn: timestamp("expira_en", { withTimezone: true }).notNull(),
    revocadaEn: timestamp("revocada_en", { withTimezone: true }),
  },
  (t) => [uniqueIndex("sesiones_token_hash_uq").on(t.tokenHash), index("sesiones_usuario_idx").on(t.usuarioId)],
);

/** Append-only: a trigger refuses UPDATE and DELETE (see the migration). */
export const auditoria = pgTable(
  "auditoria",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    fecha: timestamp("fecha", { withTimezone: true }).notNull().defaultNow(),
    usuarioId: integer("usuario_id"),
    ruta: text("ruta").notNull(),
    entidad: text("entidad").notNull(),
    entidadId: text("entidad_id"),
    cambios: jsonb("cambios"),
  },
  (t) => [index("auditoria_entidad_idx").on(t.entidad, t.entidadId), index("auditoria_fecha_idx").on(t.fecha)],
);

/** Safe retries: the first answer to (user, key) is kept 24 h and replayed. */
export const idempotencia = pgTable(
  "idempotencia",
  {
    usuarioId: integer("usuario_id").notNull(),
    clave: text("clave").notNull(),
    metodo: text("metodo").notNull(),
    ruta: text("ruta").notNull(),
    estadoHttp: integer("estado_http"), // null while the first request is in flight
    respuesta: jsonb("respuesta"),
    creadaEn: timestamp("creada_en", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.clave] }), index("idempotencia_creada_idx").on(t.creadaEn)],
);
