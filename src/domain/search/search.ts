// The top bar's global search (issue 19): what it looks for, in which order the groups
// come, who may see each kind and what one result is. Server and web import it.
import { z } from "zod";
import { canAccess, type Role, type Section } from "../roles/roles";

/** The kinds of record the search finds, in the order the groups are shown. */
export const SEARCH_KINDS = ["clientes", "presupuestos", "ordenes_compra", "materiales", "proveedores", "facturas_guias"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  clientes: "Clientes",
  presupuestos: "Presupuestos",
  ordenes_compra: "Órdenes de compra",
  materiales: "Materiales",
  proveedores: "Proveedores",
  facturas_guias: "Facturas de proveedores",
};

/**
 * The role-table section whose read permission a kind needs: the one of the route that
 * reads the record and of the screen a result opens (a supplier invoice opens on
 * Operaciones' «Listado de Facturas/Guías»).
 */
export const SEARCH_KIND_SECTIONS: Record<SearchKind, Section> = {
  clientes: "ventas",
  presupuestos: "ventas",
  ordenes_compra: "adquisiciones",
  materiales: "bodega",
  proveedores: "adquisiciones",
  facturas_guias: "operaciones",
};

/** The kinds a role may see, in group order. */
export function searchKindsFor(role: Role): SearchKind[] {
  return SEARCH_KINDS.filter((k) => canAccess(role, SEARCH_KIND_SECTIONS[k], "read"));
}

/** Results of one kind at most. */
export const SEARCH_LIMIT_PER_KIND = 5;
export const SEARCH_MAX_TEXT = 100;
export const MSG_SEARCH_TEXT = "Escriba qué buscar (hasta 100 caracteres)";

export const searchQuery = z.object({
  q: z.string({ error: MSG_SEARCH_TEXT }).trim().min(1, MSG_SEARCH_TEXT).max(SEARCH_MAX_TEXT, MSG_SEARCH_TEXT),
});

export const searchHit = z.object({
  /** The record's key as text (a quote's id, an OC's number, a material's code). */
  id: z.string(),
  /** What the record is called (a client's name, "OC 1234"). */
  titulo: z.string(),
  /** A second line (RUT, supplier, work name), or null. */
  detalle: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchGroup = z.object({
  tipo: z.enum(SEARCH_KINDS),
  etiqueta: z.string(),
  resultados: z.array(searchHit),
});
export type SearchGroup = z.infer<typeof searchGroup>;

/** Only the groups with results, in SEARCH_KINDS order. */
export const searchAnswer = z.object({ grupos: z.array(searchGroup) });
export type SearchAnswer = z.infer<typeof searchAnswer>;
