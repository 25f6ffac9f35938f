// Matching a supplier's invoice (or guía) to that supplier's open purchase-order lines:
// each invoice line finds its order lines by code, else by name, takes their pending
// quantity oldest order first, and the quantities and prices that differ are listed.
// Pure: the caller passes the invoice lines and the open order lines.
import { formatNumber } from "../format/number";
import { roundQuantity, toNumberOrNull, toQuantity, type NumericValue } from "../purchasing/values";

/** Unit prices closer than half a peso are the same price (rounding of decimal prices). */
export const PRICE_TOLERANCE = 0.5;

export interface InvoiceLineToMatch {
  /** Every code of the line (DTE CdgItem/VlrCodigo); `codigo` alone is also accepted. */
  codigos?: readonly string[];
  codigo?: string | null;
  nombre: string;
  cantidad: number | null;
  precio_unitario: number | null;
}

export interface OpenOrderLine {
  numero_oc: number | string;
  /** The order item's id. */
  id: number | string;
  codigo: string;
  producto: string;
  cantidad: NumericValue;
  cantidad_llegada?: NumericValue;
  precio_unitario: NumericValue;
}

export interface MatchAllocation {
  numero_oc: number | string;
  item_id: number | string;
  codigo: string;
  producto: string;
  /** Quantity of the invoice line assigned to this order line. */
  cantidad: number;
  /** What this order line still had pending before this invoice. */
  pendiente: number;
  precio_oc: number;
}

export type MatchDifference =
  | { tipo: "sin_orden"; mensaje: string }
  | { tipo: "sin_pendiente"; mensaje: string }
  | { tipo: "cantidad_mayor"; facturado: number; pendiente: number; mensaje: string }
  | { tipo: "cantidad_menor"; facturado: number; pendiente: number; mensaje: string }
  | { tipo: "precio_distinto"; numero_oc: number | string; precio_factura: number; precio_oc: number; mensaje: string };

export interface MatchedInvoiceLine {
  /** Position of the line in the invoice (0-based). */
  indice: number;
  nombre: string;
  codigo: string | null;
  cantidad: number | null;
  precio_unitario: number | null;
  /** How its order lines were found. */
  por: "codigo" | "nombre" | null;
  asignaciones: MatchAllocation[];
  diferencias: MatchDifference[];
}

export interface InvoiceMatch {
  lineas: MatchedInvoiceLine[];
  /** Orders the invoice touches, in ascending order. */
  ordenes: (number | string)[];
  /** Lines of those orders still pending that this invoice does not bring. */
  pendientes_sin_facturar: { numero_oc: number | string; item_id: number | string; codigo: string; producto: string; pendiente: number }[];
  /** Every line found on an order with the same quantity and price. */
  cuadra: boolean;
}

/** A product name for comparison: no accents, lower case, only letters and digits separated by one space. */
export function normalizeItemName(name: string | null | undefined): string {
  return (name ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const codeKey = (c: string | null | undefined) => (c ?? "").trim().toLowerCase();
const qty = (n: number) => formatNumber(n, 6);
const price = (n: number) => `$${formatNumber(n, 2)}`;

function compareOrderNumbers(a: number | string, b: number | string): number {
  const na = toNumberOrNull(a);
  const nb = toNumberOrNull(b);
  if (na !== null && nb !== null) return na - nb;
  return String(a).localeCompare(String(b), "es-CL", { numeric: true });
}

/**
 * Matches the invoice lines to the open order lines. `ordenesReferenciadas` (the orders
 * the DTE cites, TpoDocRef 801) are served first; then the oldest order. Each order
 * line's pending quantity is used once across the whole invoice.
 */
export function matchInvoiceToOrders(
  invoiceLines: readonly InvoiceLineToMatch[],
  orderLines: readonly OpenOrderLine[],
  ordenesReferenciadas: readonly (number | string)[] = [],
): InvoiceMatch {
  const preferred = new Set(ordenesReferenciadas.map(String));
  const pool = orderLines
    .map((l, i) => ({ line: l, i, remaining: Math.max(0, roundQuantity(toQuantity(l.cantidad) - toQuantity(l.cantidad_llegada))) }))
    .sort(
      (a, b) =>
        Number(preferred.has(String(b.line.numero_oc))) - Number(preferred.has(String(a.line.numero_oc))) ||
        compareOrderNumbers(a.line.numero_oc, b.line.numero_oc) ||
        a.i - b.i,
    );
  const touched = new Map<string, number | string>();
  const served = new Set<(typeof pool)[number]>();

  const lineas = invoiceLines.map((inv, indice): MatchedInvoiceLine => {
    const codes = new Set([...(inv.codigos ?? []), inv.codigo ?? ""].map(codeKey).filter((c) => c !== ""));
    let candidates = pool.filter((p) => codes.has(codeKey(p.line.codigo)));
    let por: MatchedInvoiceLine["por"] = candidates.length > 0 ? "codigo" : null;
    if (candidates.length === 0) {
      const name = normalizeItemName(inv.nombre);
      candidates = name === "" ? [] : pool.filter((p) => normalizeItemName(p.line.producto) === name);
      if (candidates.length > 0) por = "nombre";
    }
    const out: MatchedInvoiceLine = {
      indice,
      nombre: inv.nombre,
      codigo: inv.codigos?.[0] ?? inv.codigo ?? null,
      cantidad: inv.cantidad,
      precio_unitario: inv.precio_unitario,
      por,
      asignaciones: [],
      diferencias: [],
    };
    const label = `«${inv.nombre}»`;
    if (candidates.length === 0) {
      out.diferencias.push({ tipo: "sin_orden", mensaje: `${label} no está en ninguna OC abierta de este proveedor.` });
      return out;
    }
    const open = candidates.filter((c) => c.remaining > 0);
    if (open.length === 0) {
      const ocs = [...new Set(candidates.map((c) => String(c.line.numero_oc)))].join(", ");
      out.diferencias.push({ tipo: "sin_pendiente", mensaje: `${label} no tiene cantidad pendiente en la OC ${ocs}.` });
      return out;
    }

    const allocate = (c: (typeof open)[number], amount: number) => {
      out.asignaciones.push({
        numero_oc: c.line.numero_oc,
        item_id: c.line.id,
        codigo: c.line.codigo,
        producto: c.line.producto,
        cantidad: amount,
        pendiente: c.remaining,
        precio_oc: toQuantity(c.line.precio_unitario),
      });
      c.remaining = roundQuantity(c.remaining - amount);
      touched.set(String(c.line.numero_oc), c.line.numero_oc);
      served.add(c);
    };
    if (inv.cantidad === null) {
      // No quantity on the line (a service or a line given only by its amount): it is
      // placed on the first open line, and only its price is compared.
      allocate(open[0], 0);
    } else {
      let left = inv.cantidad;
      for (const c of open) {
        if (left <= 0) break;
        const take = Math.min(left, c.remaining);
        allocate(c, take);
        left = roundQuantity(left - take);
      }
      // Compared with the pending quantity of the lines it landed on: an invoice that
      // exactly covers the oldest order is not "partial" because a later order also waits.
      const pendingBefore = roundQuantity(out.asignaciones.reduce((s, a) => s + a.pendiente, 0));
      if (left > 0) {
        out.diferencias.push({
          tipo: "cantidad_mayor",
          facturado: inv.cantidad,
          pendiente: pendingBefore,
          mensaje: `Se facturan ${qty(inv.cantidad)} de ${label} y solo quedan ${qty(pendingBefore)} pendientes en las OC.`,
        });
      } else if (inv.cantidad < pendingBefore) {
        out.diferencias.push({
          tipo: "cantidad_menor",
          facturado: inv.cantidad,
          pendiente: pendingBefore,
          mensaje: `Entrega parcial de ${label}: se facturan ${qty(inv.cantidad)} de ${qty(pendingBefore)} pendientes.`,
        });
      }
    }
    if (inv.precio_unitario !== null) {
      const seen = new Set<string>();
      for (const a of out.asignaciones) {
        const key = `${a.numero_oc}|${a.precio_oc}`;
        if (seen.has(key) || Math.abs(inv.precio_unitario - a.precio_oc) <= PRICE_TOLERANCE) continue;
        seen.add(key);
        out.diferencias.push({
          tipo: "precio_distinto",
          numero_oc: a.numero_oc,
          precio_factura: inv.precio_unitario,
          precio_oc: a.precio_oc,
          mensaje: `Precio de ${label}: la factura dice ${price(inv.precio_unitario)} y la OC ${a.numero_oc}, ${price(a.precio_oc)}.`,
        });
      }
    }
    return out;
  });

  const ordenes = [...touched.values()].sort(compareOrderNumbers);
  const pendientes_sin_facturar = pool
    .filter((p) => touched.has(String(p.line.numero_oc)) && !served.has(p) && p.remaining > 0)
    .sort((a, b) => compareOrderNumbers(a.line.numero_oc, b.line.numero_oc) || a.i - b.i)
    .map((p) => ({ numero_oc: p.line.numero_oc, item_id: p.line.id, codigo: p.line.codigo, producto: p.line.producto, pendiente: p.remaining }));

  return { lineas, ordenes, pendientes_sin_facturar, cuadra: lineas.every((l) => l.diferencias.length === 0) };
}
