// Users: one per role, with the demo password (README "Demostración").
import { usuarios } from "../../server/db/schema";
import { hashPassword } from "../../server/services/auth/tokens";
import { write } from "../../server/services/write";
import type { Db } from "../../server/db/connect";
import { ROLES, type Role } from "../../src/domain/roles/roles";
import { slug, type AreaOptions, type SeedCounts } from "./common";

export const DEMO_PASSWORD = "ventanal123";

const NAMES: Record<Role, string> = {
  Gerencia: "Carolina Muñoz Rojas",
  Contabilidad: "Patricio Soto Fuentes",
  Informático: "Felipe Contreras Silva",
  Ventas: "Valentina González Pérez",
  "Oficina Técnica": "Rodrigo Martínez Díaz",
  Adquisiciones: "Francisca Rojas Morales",
  Operaciones: "Cristián Araya Vergara",
  Fábrica: "Juan Carlos Tapia Núñez",
  Secretaria: "Daniela Reyes Castillo",
  Bodega: "Luis Sepúlveda Espinoza",
};

export interface DemoLogin {
  rol: Role;
  nombre: string;
  correo: string;
}

/** Login of a role's demo user: "Oficina Técnica" → oficinatecnica@ventanal.cl. */
export function demoEmail(role: Role): string {
  return `${slug(role, "")}@ventanal.cl`;
}

export const DEMO_LOGINS: readonly DemoLogin[] = ROLES.map((rol) => ({ rol, nombre: NAMES[rol], correo: demoEmail(rol) }));

/** Same users at every scale: the bench logs in as them. */
export async function seedUsers(db: Db, _opts: AreaOptions): Promise<SeedCounts> {
  // Each user gets its own salt, through the server's argon2id hashing.
  const rows = await Promise.all(
    DEMO_LOGINS.map(async (u) => ({ nombre: u.nombre, correo: u.correo, rol: u.rol, password_hash: await hashPassword(DEMO_PASSWORD) })),
  );
  await write({ db, user: null, route: "seed" }, async (tx, audit) => {
    await tx.insert(usuarios).values(rows);
    await audit({ entity: usuarios, entityId: null, changes: { semilla: DEMO_LOGINS.map((u) => u.correo) } });
  });
  return { usuarios: rows.length };
}
