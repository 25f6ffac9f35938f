// Users (design page "Users"): their fields' rules with Spanish messages, used by the
// declaration (./usuarios.resource.ts) and the password change.
import { z } from "zod";
import { ROLES } from "../roles/roles";
import { optionalText } from "../fields";

/** The specification's rule (sections 5 and 9). */
export const MIN_PASSWORD = 6;
export const MSG_PASSWORD_SHORT = "La contraseña debe tener al menos 6 caracteres";

export const nombre = z
  .string({ error: "El nombre es obligatorio" })
  .trim()
  .min(1, "El nombre es obligatorio")
  .max(200, "El nombre no puede superar 200 caracteres");

/** Stored lower-case and trimmed: one account per address, whatever the capitals. */
export const correo = z
  .string({ error: "El correo es obligatorio" })
  .trim()
  .toLowerCase()
  .min(1, "El correo es obligatorio")
  .max(200, "El correo no puede superar 200 caracteres")
  .email("Correo inválido");

export const rol = z.enum(ROLES, { error: `Rol inválido. Use uno de: ${ROLES.join(", ")}` });

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
export const telefono = optionalText(50).refine((v) => v === null || isChileanPhone(v), MSG_TELEFONO_INVALIDO);

export const activo = z.boolean({ error: "Activo debe ser verdadero o falso" });

export const changePasswordBody = z.object({
  nuevaContrasena: z
    .string({ error: MSG_PASSWORD_SHORT })
    .min(MIN_PASSWORD, MSG_PASSWORD_SHORT)
    .max(200, "La contraseña no puede superar 200 caracteres"),
});
