// Shared pieces of the data generator: scales, chunked inserts, Chilean names and places.
import type { SeedLedger } from "./ledger";
export type Scale = "demo" | "bench" | number;

export interface AreaOptions {
  scale: Scale;
  log?: (line: string) => void;
  /** Stock movements of every area, written with each product's stock at the end (ledger.ts). */
  ledger: SeedLedger;
}

/** What an area seeder wrote: table → rows. */
export type SeedCounts = Record<string, number>;

/** A number scale counts clients; the other sizes follow the bench proportions. */
export function clientCount(scale: Scale): number {
  if (scale === "demo") return 10;
  if (scale === "bench") return 2000;
  if (!Number.isInteger(scale) || scale < 1) throw new RangeError(`Escala inválida: ${scale}`);
  return scale;
}

/**
 * Inserts rows in chunks (one statement per chunk, well under PostgreSQL's 65,535
 * parameters) and returns the RETURNING rows of every chunk, in order.
 */
export async function insertChunks<Row, Out = never>(rows: Row[], size: number, insert: (chunk: Row[]) => PromiseLike<Out[] | object>): Promise<Out[]> {
  const out: Out[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const result = await insert(rows.slice(i, i + size));
    if (Array.isArray(result)) out.push(...result);
  }
  return out;
}

/** "José Muñoz" → "jose.munoz" (for e-mail addresses). */
export function slug(text: string, separator = "."): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join(separator);
}

export const FIRST_NAMES = [
  "María José", "Camila", "Valentina", "Francisca", "Javiera", "Constanza", "Catalina", "Daniela", "Fernanda", "Carolina",
  "Paula", "Macarena", "Isidora", "Antonia", "Trinidad", "Josefa", "Claudia", "Marcela", "Paz", "Verónica",
  "Juan Pablo", "Felipe", "Matías", "Sebastián", "Nicolás", "Diego", "Benjamín", "Cristóbal", "Tomás", "Ignacio",
  "Rodrigo", "Patricio", "Cristián", "Gonzalo", "Álvaro", "Francisco", "Andrés", "Luis", "Jorge", "Hernán",
] as const;

export const SURNAMES = [
  "González", "Muñoz", "Rojas", "Díaz", "Pérez", "Soto", "Contreras", "Silva", "Martínez", "Sepúlveda",
  "Morales", "Rodríguez", "López", "Fuentes", "Hernández", "Torres", "Araya", "Flores", "Espinoza", "Valenzuela",
  "Castillo", "Tapia", "Reyes", "Gutiérrez", "Castro", "Pizarro", "Álvarez", "Vásquez", "Sánchez", "Fernández",
  "Ramírez", "Carrasco", "Gómez", "Cortés", "Herrera", "Núñez", "Jara", "Vergara", "Rivera", "Figueroa",
] as const;
