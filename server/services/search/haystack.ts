// What the global search looks in, per kind: the searchable fields joined by chr(1) (a
// character nobody types, so a text never matches across two fields), folded as fold.ts
// folds (no accents, lower case) and stored in the row by the database: a generated column
// (`busqueda`; products share the order list's `texto_busqueda`, the same text) whose
// definition, in the table's schema, is `foldedSqlText` of those fields, with a pg_trgm
// index on it (migration 0034). The search compares the stored text (`foldedContains`):
// neither the trigram index's recheck nor the ordered read of a common text folds a row.
// The API test «uses each kind's trigram index» checks each column has its index and the
// plan reads it; tests/api/buscar-texto-guardado.test.ts that the stored text is the
// folding of the fields the search used to compute (migration 0008's expressions).
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { SearchKind } from "../../../src/domain/search";
import {
  CLIENTES_BUSQUEDA_SQL,
  clientes,
  FACTURAS_GUIAS_BUSQUEDA_SQL,
  facturas_guias,
  MATERIAL_TEXT_SQL,
  materiales,
  ORDENES_COMPRA_BUSQUEDA_SQL,
  ordenes_compra,
  PRESUPUESTOS_BUSQUEDA_SQL,
  presupuestos,
  PROVEEDORES_BUSQUEDA_SQL,
  proveedores,
} from "../../db/schema";

export interface Haystack {
  /** The stored folded text, what the search compares. */
  column: AnyPgColumn;
  /** Its generation expression (the column's definition in the schema). */
  definition: string;
}

export const HAYSTACKS: Record<SearchKind, Haystack> = {
  clientes: { column: clientes.busqueda, definition: CLIENTES_BUSQUEDA_SQL },
  presupuestos: { column: presupuestos.busqueda, definition: PRESUPUESTOS_BUSQUEDA_SQL },
  ordenes_compra: { column: ordenes_compra.busqueda, definition: ORDENES_COMPRA_BUSQUEDA_SQL },
  materiales: { column: materiales.texto_busqueda, definition: MATERIAL_TEXT_SQL },
  proveedores: { column: proveedores.busqueda, definition: PROVEEDORES_BUSQUEDA_SQL },
  facturas_guias: { column: facturas_guias.busqueda, definition: FACTURAS_GUIAS_BUSQUEDA_SQL },
};

/** Trigrams need 3 characters: a shorter text looks only for a number or code equal to it. */
export const MIN_CONTAINS = 3;
