// What every card builder shares: the card's fixed texts and link from src/domain/hoy, the
// window count (`count(*) over ()`: the total and the first rows in one query) and today
// as an SQL date.
import { sql, type SQL } from "drizzle-orm";
import { cardLink } from "../../../src/custom-pages/platform/home/card-links";
import { CARD_INFO, type CardKey } from "../../../src/domain/hoy/rules";
import type { CifraTarjeta, ItemTarjeta, Tarjeta } from "../../../src/domain/hoy/schemas";
import type { Db } from "../../db/connect";

export type CardBuilder = (db: Db, today: string) => Promise<Tarjeta>;

/** Rows before LIMIT, on every row (0 when no row came back). */
export const totalOver = sql<number>`count(*) over ()`.mapWith(Number);

export const totalOf = (rows: readonly { total: number }[]): number => rows[0]?.total ?? 0;

/** A date parameter as an SQL date. */
export const sqlDate = (iso: string): SQL => sql`${iso}::date`;

export function card(key: CardKey, today: string, body: { cantidad: number; items: ItemTarjeta[]; cifras?: CifraTarjeta[]; enlace?: string }): Tarjeta {
  const info = CARD_INFO[key];
  return {
    clave: key,
    titulo: info.titulo,
    unidad: info.unidad,
    enlace_texto: info.enlace_texto,
    vacio: info.vacio,
    cantidad: body.cantidad,
    cifras: body.cifras ?? [],
    items: body.items,
    enlace: body.enlace ?? cardLink(key, today),
  };
}

export const item = (texto: string, detalle: string | null = null, monto: number | null = null, enlace: string | null = null): ItemTarjeta => ({ texto, detalle, monto, enlace });

/** "2025-0101 · Edificio Mirador" */
export const obraTexto = (numero: string, obra: string | null) => (obra ? `${numero} · ${obra}` : numero);
