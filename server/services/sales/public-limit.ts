// The public routes' limit per address (the client's quote link): at most `max` requests
// in a window of `windowMs`, counted in the database (intentos_publicos) so every app
// process on it counts the same requests. One statement: the count of the address's
// current window, a new window when the last one ended. Past the limit: 429 in Spanish,
// with Retry-After.
import { sql } from "drizzle-orm";
import { MSG_DEMASIADAS_SOLICITUDES } from "../../../src/domain/sales/enlaces";
import type { Db } from "../../db/connect";
import { AppError } from "../../errors";

export interface PublicLimitOptions {
  max: number;
  windowMs: number;
}

/** 60 requests a minute per address: a person reading, accepting and downloading never comes near. */
export const DEFAULT_PUBLIC_LIMIT: PublicLimitOptions = { max: 60, windowMs: 60_000 };

export async function checkPublicLimit(db: Db, address: string, opts: PublicLimitOptions): Promise<void> {
  const window = `${Math.max(1, Math.round(opts.windowMs))} milliseconds`;
  const result = await db.execute<{ cuenta: number; espera_ms: number }>(sql`
    insert into intentos_publicos as i (clave, desde, cuenta) values (${`ip:${address}`}, clock_timestamp(), 1)
    on conflict (clave) do update set
      cuenta = case when i.desde <= clock_timestamp() - ${window}::interval then 1 else i.cuenta + 1 end,
      desde = case when i.desde <= clock_timestamp() - ${window}::interval then clock_timestamp() else i.desde end
    returning i.cuenta, greatest(0, ceil(extract(epoch from (i.desde + ${window}::interval - clock_timestamp())) * 1000))::int as espera_ms`);
  const [row] = result.rows;
  if (Number(row.cuenta) > opts.max) {
    const seconds = Math.max(1, Math.ceil(Number(row.espera_ms) / 1000));
    throw new AppError("too_many_requests", MSG_DEMASIADAS_SOLICITUDES, {}, { "retry-after": String(seconds) });
  }
}
