// The kardex of a product as an Excel sheet (issue 10: "exportable to Excel"): one row per
// movement, oldest first, with entries and exits in their own columns and the balance each
// left. Plain data here; the screen hands it to write-excel-file (loaded only on export).
import { formatDateTime } from "../format/date";
import { MOVEMENT_KIND_LABELS, isMovementKind, kardex, type MovementKind } from "./movements";

export const KARDEX_HEADERS = ["Fecha", "Tipo", "Documento", "Entrada", "Salida", "Saldo", "Precio unitario", "Usuario"] as const;
export const KARDEX_WIDTHS = [18, 10, 34, 10, 10, 10, 14, 22] as const;

export interface KardexExportRow {
  fecha: string;
  tipo: MovementKind;
  cantidad: number | string;
  documento: string;
  precio_unitario?: number | null;
  usuario_nombre?: string | null;
}

export type KardexCell = string | number | null;

/** File name: Kardex_{code}.xlsx, with characters a file system refuses replaced by "_". */
export function kardexFileName(codigo: string): string {
  return `Kardex_${codigo.replace(/[\\/:*?"<>|\s]+/g, "_")}.xlsx`;
}

/**
 * The sheet: a title row ("Kardex {code} — {product}"), the headers, then each movement
 * (oldest first) with the balance recomputed from 0 — the same figure the ledger stores,
 * so a mismatch would show at a glance.
 */
export function kardexSheet(codigo: string, producto: string, movimientos: readonly KardexExportRow[]): KardexCell[][] {
  const ordered = [...movimientos].filter((m) => isMovementKind(m.tipo));
  const rows = kardex(ordered).map((m): KardexCell[] => [
    formatDateTime(m.fecha),
    MOVEMENT_KIND_LABELS[m.tipo],
    m.documento,
    m.entrada || null,
    m.salida || null,
    m.saldo,
    m.precio_unitario ?? null,
    m.usuario_nombre ?? null,
  ]);
  return [[`Kardex ${codigo} — ${producto}`, null, null, null, null, null, null, null], [...KARDEX_HEADERS], ...rows];
}
