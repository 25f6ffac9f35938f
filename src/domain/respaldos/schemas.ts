// Backups' settings and what the API answers about them (Administración → Respaldos).
import { z } from "zod";
import { timestampValue } from "../fields";
import { DEFAULT_HORA, DEFAULT_RETENTION, isHora } from "./rotation";

export const MSG_HORA = "Indique la hora como HH:MM (00:00 a 23:59)";
const count = (what: string, min: number, max: number) =>
  z.number({ error: `${what}: ingrese un número entero entre ${min} y ${max}` }).int(`${what}: ingrese un número entero entre ${min} y ${max}`).min(min, `${what}: mínimo ${min}`).max(max, `${what}: máximo ${max}`);

/** PUT api/respaldos/ajustes. */
export const ajustesRespaldoSchema = z.strictObject(
  {
    hora: z.string({ error: MSG_HORA }).refine(isHora, MSG_HORA),
    diarios: count("Diarios", 1, 60),
    semanales: count("Semanales", 0, 52),
    mensuales: count("Mensuales", 0, 120),
  },
  { error: "Se esperaba un objeto con hora, diarios, semanales y mensuales" },
);
export type AjustesRespaldo = z.output<typeof ajustesRespaldoSchema>;

export const DEFAULT_AJUSTES: AjustesRespaldo = { hora: DEFAULT_HORA, ...DEFAULT_RETENTION };

export const VERIFICACION_ESTADOS = ["pendiente", "verificado", "fallido"] as const;

/** One backup file in BACKUP_DIR, with what was stored beside it. */
export const respaldoRow = z.object({
  archivo: z.string(),
  fecha: timestampValue,
  bytes: z.number(),
  /** Who or what asked for it: "programado", "manual", "línea de comandos". */
  origen: z.string().nullable(),
  duracion_ms: z.number().nullable(),
  tablas: z.number().nullable(),
  filas: z.number().nullable(),
  verificacion: z.enum(VERIFICACION_ESTADOS),
  verificacion_mensaje: z.string().nullable(),
  verificacion_ms: z.number().nullable(),
  /** BACKUP_COMMAND's outcome: null when none is set. */
  comando: z.object({ ok: z.boolean(), mensaje: z.string() }).nullable(),
});
export type RespaldoRow = z.output<typeof respaldoRow>;
export type RespaldoWire = z.input<typeof respaldoRow>;

export const estadoRespaldos = z.object({
  en_curso: z.boolean(),
  /** The last run's failure (backup, verification or command), or null. */
  ultimo_error: z.string().nullable(),
  directorio: z.string(),
  /** Warnings to show: same disk as the data, no backups… */
  advertencias: z.array(z.string()),
  ajustes: ajustesRespaldoSchema,
  /** Where the settings come from: the screen's saved ones or the environment. */
  ajustes_origen: z.enum(["guardados", "entorno"]),
  comando: z.boolean(),
  proximo: timestampValue.nullable(),
  ultimo_verificado: timestampValue.nullable(),
  respaldos: z.array(respaldoRow),
});
export type EstadoRespaldosWire = z.input<typeof estadoRespaldos>;

/** GET api/salud (no session): no data, only whether it works and how old the backup is. */
export const saludRow = z.object({
  ok: z.boolean(),
  base_de_datos: z.enum(["ok", "error"]),
  respaldo: z.object({
    horas_desde_ultimo_verificado: z.number().nullable(),
    al_dia: z.boolean(),
    en_curso: z.boolean(),
  }),
});
