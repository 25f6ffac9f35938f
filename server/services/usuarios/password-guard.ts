// Password changes (your own on the profile screen, or anyone's by an administrator: PUT
// usuarios/{id}/cambiar-contrasena and PUT usuarios/{id} with a contraseña) go through the
// sign-in's protections (issue 32): the argon2 hash waits for a turn in the SAME gate as the
// sign-in's password checks (HashGate: a burst of changes cannot starve sign-ins of CPU and
// memory; past its queue 429), and each change counts, per account changed and per address,
// in the sign-in's throttle table (intentos_ingreso, keys `clave-usuario:` and `clave-ip:`, so
// they never slow down sign-ins): CHANGE_THROTTLE.freeAttempts changes in the window, then each
// further one waits (429 with Retry-After), doubling up to the cap. A new user's first password
// (POST usuarios) takes the gate only.
import type { Db } from "../../db/connect";
import { AppError } from "../../errors";
import { hashPassword } from "../auth/tokens";
import { LoginThrottle, type HashGate, type ThrottleOptions } from "../auth/throttle";

/** Changes allowed per account and per address in the window before each further one waits. */
export const CHANGE_THROTTLE: ThrottleOptions = { freeAttempts: 10, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000, windowMs: 15 * 60_000 };

export const MSG_CAMBIOS_OCUPADO = "Hay demasiados cambios de contraseña en curso. Intente nuevamente en 1 segundo.";
export const msgDemasiadosCambios = (seconds: number) =>
  `Demasiados cambios de contraseña seguidos. Espere ${seconds} ${seconds === 1 ? "segundo" : "segundos"} antes de volver a intentar.`;

/** What a request hands the services to hash a password (contextOf: the app's guard and the client's address). */
export interface PasswordGuard {
  throttle: LoginThrottle;
  ip: string;
}

/** The app's password-change throttle, sharing the sign-in's gate (`hashes`). */
export function passwordChangeThrottle(db: Db, gate: HashGate, opts: ThrottleOptions = CHANGE_THROTTLE): LoginThrottle {
  return new LoginThrottle(opts, db, gate);
}

function tooMany(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError("too_many_requests", msgDemasiadosCambios(seconds), {}, { "retry-after": String(seconds) });
}

async function gated(guard: PasswordGuard, password: string): Promise<string> {
  const hash = await guard.throttle.hashes.run(() => hashPassword(password));
  if (hash === null) throw new AppError("too_many_requests", MSG_CAMBIOS_OCUPADO, {}, { "retry-after": "1" });
  return hash;
}

/**
 * The hash of a new password. `usuarioId`: the account whose password changes (counted), null
 * for a new account (gate only). Without a guard (scripts, the first administrator) it hashes directly.
 */
export async function guardedPasswordHash(guard: PasswordGuard | undefined, usuarioId: number | null, password: string): Promise<string> {
  if (!guard) return hashPassword(password);
  if (usuarioId === null) return gated(guard, password);
  const { attempt, waitMs } = await guard.throttle.reserve([`clave-ip:${guard.ip}`, `clave-usuario:${usuarioId}`]);
  if (!attempt) throw tooMany(waitMs);
  try {
    const hash = await gated(guard, password);
    await attempt.fail(); // every change counts toward the limit
    return hash;
  } catch (err) {
    await attempt.cancel();
    throw err;
  }
}
