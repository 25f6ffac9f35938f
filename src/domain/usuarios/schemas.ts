// Users (design page "Users"), declared once: the bodies the API accepts, with Spanish
// messages, and the row it answers (never the password hash).
import { z } from "zod";
import { ROLES } from "../roles/roles";
import { optionalText, timestampValue } from "../fields";

/** The specification's rule (sections 5 and 9). */
export const MIN_PASSWORD = 6;
export const MSG_PASSWORD_SHORT = "La contraseña debe tener al menos 6 caracteres";

const nombre = z
  .string({ error: "El nombre es obligatorio" })
  .trim()
  .min(1, "El nombre es obligatorio")
  .max(200, "El nombre no puede superar 200 caracteres");

/** Stored lower-case and trimmed: one account per address, whatever the capitals. */
const correo = z
  .string({ error: "El correo es obligatorio" })
  .trim()
  .toLowerCase()
  .min(1, "El correo es obligatorio")
  .max(200, "El correo no puede superar 200 caracteres")
  .email("Correo inválido");

const rol = z.enum(ROLES, { error: `Rol inválido. Use uno de: ${ROLES.join(", ")}` });

export const password = z
  .string({ error: "La contraseña es obligatoria" })
  .min(MIN_PASSWORD, MSG_PASSWORD_SHORT)
  .max(200, "La contraseña no puede superar 200 caracteres");

export const MSG_TELEFONO_INVALIDO = "Teléfono inválido: use un número chileno de 9 dígitos, p. ej. +56 9 1234 5678";

/**
 * A Chilean phone number: 9 digits (mobiles 9 XXXX XXXX, fixed lines 2 XXXX XXXX…), with or
 * without +56, spaces, dots, dashes or parentheses.
 */
export function isChileanPhone(text: string): boolean {
  if (!/^[+\d\s().-]+$/.test(text)) return false;
  const digits = text.replace(/\D/g, "").replace(/^56(?=\d{9}$)/, "");
  return /^[2-9]\d{8}$/.test(digits);
}

/** Optional: empty or null is none (stored null). */
const telefono = optionalText(50).refine((v) => v === null || isChileanPhone(v), MSG_TELEFONO_INVALIDO);

const activo = z.boolean({ error: "Activo debe ser verdadero o falso" });

export const createUsuarioBody = z.object({
  nombre,
  correo,
  rol,
  contrasena: password,
  telefono: telefono.optional(),
  activo: activo.optional(),
});
export type CreateUsuarioInput = z.infer<typeof createUsuarioBody>;

/**
 * Any subset of the fields. An empty or null `contrasena` means "keep the current one"
 * (an edit form whose password box was left blank). Unknown fields (id, creado_en from
 * a whole row sent back) are ignored.
 */
export const updateUsuarioBody = z
  .object({
    nombre: nombre.optional(),
    correo: correo.optional(),
    rol: rol.optional(),
    telefono: telefono.optional(),
    activo: activo.optional(),
    contrasena: z.preprocess((v) => (v === "" || v === null ? undefined : v), password.optional()),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: "Indique al menos un campo para modificar" });
export type UpdateUsuarioInput = z.infer<typeof updateUsuarioBody>;

export const changePasswordBody = z.object({
  nuevaContrasena: z
    .string({ error: MSG_PASSWORD_SHORT })
    .min(MIN_PASSWORD, MSG_PASSWORD_SHORT)
    .max(200, "La contraseña no puede superar 200 caracteres"),
});

/** A user as the API answers it. */
export const usuarioRow = z.object({
  id: z.number().int(),
  nombre: z.string(),
  correo: z.string(),
  rol: z.enum(ROLES),
  /** The user's own phone (the quote PDF prints the salesperson's). */
  telefono: z.string().nullable(),
  activo: z.boolean(),
  creado_en: timestampValue,
});
/** On the server (creado_en a Date). */
export type UsuarioRow = z.output<typeof usuarioRow>;
/** As the web app receives it (creado_en ISO 8601 text). */
export type Usuario = z.input<typeof usuarioRow>;
