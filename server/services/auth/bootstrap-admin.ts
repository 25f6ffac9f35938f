import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { usuarios } from "../../db/schema";
import { write, type ServiceContext } from "../write";
import { hashPassword } from "./tokens";

/**
 * The first start with no users creates one Informático administrator from
 * ADMIN_EMAIL / ADMIN_PASSWORD, else with a generated password printed once.
 * Returns the generated password (null when none was generated or nothing was created).
 */
export async function bootstrapAdmin(
  ctx: ServiceContext,
  opts: { email?: string; password?: string; print?: (line: string) => void },
): Promise<{ created: boolean; generatedPassword: string | null }> {
  const correo = (opts.email ?? "admin@ventanal.cl").trim().toLowerCase();
  const generated = opts.password ? null : randomBytes(12).toString("base64url");
  const password = opts.password ?? generated!;
  const created = await write(ctx, async (tx, audit) => {
    // Serialize concurrent first starts on PostgreSQL.
    await tx.execute(sql`select pg_advisory_xact_lock(4242)`);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(usuarios);
    if (n > 0) return false;
    const [u] = await tx
      .insert(usuarios)
      .values({ nombre: "Administrador", correo, rol: "Informático", password_hash: await hashPassword(password) })
      .returning({ id: usuarios.id });
    await audit({ entity: usuarios, entityId: u.id, changes: { nombre: "Administrador", correo, rol: "Informático" } });
    return true;
  });
  if (created && generated) {
    (opts.print ?? console.log)(`\nUsuario administrador creado: ${correo}\nContraseña generada (se muestra solo esta vez): ${generated}\n`);
  }
  return { created, generatedPassword: created ? generated : null };
}
