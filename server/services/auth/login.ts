import { and, eq, getTableName, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/connect";
import { prepared } from "../../db/prepared";
import { auditoria, sesiones, usuarios } from "../../db/schema";
import { AppError } from "../../errors";
import { retrying, write, type ServiceContext } from "../write";
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

/** The user as the sign-in reads it, with the throttle's answer (`espera`), in one statement; the user's fields null when no account has that address. */
type SignInRow = { espera: number } & ({ id: number; nombre: string; correo: string; rol: string; password_hash: string; activo: boolean } | { id: null });

const SESIONES = getTableName(sesiones);
/** The session's audit row: what write()'s audit() appends for { entity: sesiones, entityId, changes: { accion: "login" } }. */
const LOGIN_CHANGES = JSON.stringify({ accion: "login" });

const BAD_CREDENTIALS = "Correo o contraseña incorrectos";
export const MSG_OCUPADO = "Hay demasiados inicios de sesión en curso. Intente nuevamente en 1 segundo.";

/**
 * The sign-in's two statements, built once per database and throttle check (the SQL
 * expressions `reserveWithin` and `succeedWithin` hand over, the same objects at every
 * sign-in) with placeholders for what changes, and run as named prepared statements: the
 * database parses and plans each once per connection (on PGlite, once per process: see
 * pglite-wire.ts), and the event loop does not build them again at every sign-in.
 */
const userStatements = new WeakMap<Db, WeakMap<SQL, ReturnType<typeof prepared<SignInRow>>>>();
const sessionStatements = new WeakMap<Db, WeakMap<SQL, ReturnType<typeof prepared>>>();
function once<V>(cache: WeakMap<Db, WeakMap<SQL, V>>, db: Db, check: SQL, build: () => V): V {
  let byCheck = cache.get(db);
  if (!byCheck) cache.set(db, (byCheck = new WeakMap()));
  let statement = byCheck.get(check);
  if (!statement) byCheck.set(check, (statement = build()));
  return statement;
}
const userStatement = (db: Db, check: SQL) =>
  once(userStatements, db, check, () =>
    prepared<SignInRow>(
      db,
      sql`select ${check} as espera, u.id, u.nombre, u.correo, u.rol, u.password_hash, u.activo from (select) as uno left join ${usuarios} u on u.correo = ${sql.placeholder("correo")}`,
      "ventanal_ingreso_usuario",
    ),
  );
// The throttle's success, the session and its audit row (the row write()'s audit() appends): one statement.
const sessionStatement = (db: Db, finish: SQL) =>
  once(sessionStatements, db, finish, () =>
    prepared(
      db,
      sql`with sesion as (
        insert into ${sesiones} (token_hash, usuario_id, expira_en) values (${sql.placeholder("token_hash")}, ${sql.placeholder("usuario_id")}, ${sql.placeholder("expira_en")}) returning id
      ), registrada as (
        insert into ${auditoria} (usuario_id, usuario_nombre, usuario_rol, ruta, entidad, entidad_id, cambios, registro)
        select ${sql.placeholder("usuario_id")}, ${sql.placeholder("usuario_nombre")}, ${sql.placeholder("usuario_rol")}, ${sql.placeholder("ruta")}, ${SESIONES}, sesion.id::text, ${LOGIN_CHANGES}::jsonb, ${SESIONES} || ':' || sesion.id from sesion
      )
      select ${finish} from sesion`,
      "ventanal_ingreso_sesion",
    ),
  );

/**
 * A refused sign-in: the answer the user sees, and why (`reason`, for the log only): a wrong
 * address or password, the throttle's wait after failures, or the password-check queue full.
 */
export class SignInRefused extends AppError {
  constructor(
    readonly reason: "bad_credentials" | "throttle_wait" | "queue_full",
    ...error: ConstructorParameters<typeof AppError>
  ) {
    super(...error);
  }
}

function tooManyAttempts(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const message = `Demasiados intentos fallidos. Espere ${seconds} ${seconds === 1 ? "segundo" : "segundos"} antes de volver a intentar.`;
  return new SignInRefused("throttle_wait", "too_many_requests", message, {}, { "retry-after": String(seconds) });
}

/**
 * Signs in. `signal` aborts when the client has gone away (nobody can receive the answer):
 * a sign-in still waiting for its password check leaves the queue at once and its attempt
 * is cancelled (not counted); a check already started runs to its end and a wrong password
 * still counts (dropping the connection does not make a guess free), but a right one opens
 * no session. It then rejects with the signal's reason.
 */
export async function login(
  ctx: ServiceContext,
  input: z.infer<typeof loginBody>,
  opts: { ip: string; throttle: LoginThrottle; sessionHours: number; signal?: AbortSignal },
): Promise<LoginResult> {
  opts.signal?.throwIfAborted();
  const correo = input.correo.toLowerCase();
  const keys = [`ip:${opts.ip}`, `correo:${correo}`];
  // Checked and reserved in one step before anything else: parallel tries see each other, on
  // every process (design page "Users"). The user is read in the same statement.
  const { attempt, waitMs, value: user } = await opts.throttle.reserveWithin(keys, async (check, values) => {
    const { rows } = await userStatement(ctx.db, check)({ ...values, correo });
    const row = rows[0];
    return { waitMs: Number(row.espera), value: row.id === null ? null : row };
  });
  if (!attempt) throw tooManyAttempts(waitMs);
  let ok: boolean | null;
  try {
    const hash = user?.password_hash ?? (await dummyHash());
    ok = await opts.throttle.hashes.run(() => verifyPassword(hash, input.contrasena), opts.signal);
  } catch (err) {
    await attempt.cancel();
    throw err;
  }
  if (ok === null) {
    await attempt.cancel();
    throw new SignInRefused("queue_full", "too_many_requests", MSG_OCUPADO, {}, { "retry-after": "1" });
  }
  if (!user || !ok || !user.activo) {
    await attempt.fail();
    throw new SignInRefused("bad_credentials", "unauthorized", BAD_CREDENTIALS);
  }
  if (opts.signal?.aborted) {
    await attempt.cancel();
    throw opts.signal.reason;
  }
  const token = newToken();
  const usuario = { id: user.id, nombre: user.nombre, correo: user.correo, rol: user.rol };
  const expira = new Date(Date.now() + opts.sessionHours * 3600_000);
  await retrying(() =>
    attempt.succeedWithin((finish, values) =>
      sessionStatement(ctx.db, finish)({ ...values, token_hash: hashToken(token), usuario_id: user.id, usuario_nombre: user.nombre, usuario_rol: user.rol, expira_en: expira, ruta: ctx.route }),
    ),
  ).catch(async (err: unknown) => {
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
