import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { sesiones, usuarios } from "../../db/schema";
import { AppError, unauthorized } from "../../errors";
import { write, type ServiceContext } from "../write";
import { dummyHash, hashToken, newToken, verifyPassword } from "./tokens";
import type { LoginThrottle } from "./throttle";

export const loginBody = z.object({
  correo: z.string({ error: "Ingrese su correo" }).trim().min(1, "Ingrese su correo").max(200).email("Correo inválido"),
  contrasena: z.string({ error: "Ingrese su contraseña" }).min(1, "Ingrese su contraseña").max(200),
});

export interface LoginResult {
  token: string;
  usuario: { id: number; nombre: string; correo: string; rol: string };
}

const BAD_CREDENTIALS = "Correo o contraseña incorrectos";
export const MSG_OCUPADO = "Hay demasiados inicios de sesión en curso. Intente nuevamente en 1 segundo.";

function tooManyAttempts(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError("too_many_requests", `Demasiados intentos fallidos. Espere ${seconds} ${seconds === 1 ? "segundo" : "segundos"} antes de volver a intentar.`, {}, { "retry-after": String(seconds) });
}

export async function login(
  ctx: ServiceContext,
  input: z.infer<typeof loginBody>,
  opts: { ip: string; throttle: LoginThrottle; sessionHours: number },
): Promise<LoginResult> {
  const correo = input.correo.toLowerCase();
  const keys = [`ip:${opts.ip}`, `correo:${correo}`];
  // Checked and reserved in one step before anything else: parallel tries see each other, on every process (design page "Users").
  const { attempt, waitMs } = await opts.throttle.reserve(keys);
  if (!attempt) throw tooManyAttempts(waitMs);
  let user: typeof usuarios.$inferSelect | undefined;
  let ok: boolean | null;
  try {
    [user] = await ctx.db.select().from(usuarios).where(eq(usuarios.correo, correo)).limit(1);
    const hash = user?.password_hash ?? (await dummyHash());
    ok = await opts.throttle.hashes.run(() => verifyPassword(hash, input.contrasena));
  } catch (err) {
    await attempt.cancel();
    throw err;
  }
  if (ok === null) {
    await attempt.cancel();
    throw new AppError("too_many_requests", MSG_OCUPADO, {}, { "retry-after": "1" });
  }
  if (!user || !ok || !user.activo) {
    await attempt.fail();
    throw unauthorized(BAD_CREDENTIALS);
  }
  const token = newToken();
  const usuario = { id: user.id, nombre: user.nombre, correo: user.correo, rol: user.rol };
  // The throttle's success, the session and its audit row: one transaction.
  await write({ ...ctx, user: usuario }, async (tx, audit) => {
    await attempt.succeed(undefined, tx);
    const [s] = await tx
      .insert(sesiones)
      .values({ token_hash: hashToken(token), usuario_id: user.id, expira_en: new Date(Date.now() + opts.sessionHours * 3600_000) })
      .returning({ id: sesiones.id });
    await audit({ entity: sesiones, entityId: s.id, changes: { accion: "login" } });
  }).catch(async (err: unknown) => {
    await attempt.cancel();
    throw err;
  });
  return { token, usuario };
}

export async function logout(ctx: ServiceContext, token: string): Promise<void> {
  await write(ctx, async (tx, audit) => {
    const rows = await tx
      .update(sesiones)
      .set({ revocada_en: new Date() })
      .where(and(eq(sesiones.token_hash, hashToken(token))))
      .returning({ id: sesiones.id });
    if (rows[0]) await audit({ entity: sesiones, entityId: rows[0].id, changes: { accion: "logout" } });
  });
}
