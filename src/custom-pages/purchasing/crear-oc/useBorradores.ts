// "Crear Orden de Compra" opened from the inventory's Faltantes view
// (?faltantes=CODIGO:CANTIDAD,...): the server's draft orders, grouped by each product's
// last supplier, are offered and the first is loaded (`load`). A draft names its supplier
// by id: the supplier is looked up so the order shows its RUT.
import { useEffect, useRef, useState } from "react";
import { fetchBorradores, suggestProveedores, type Borrador, type ProveedorSugerido } from "../api";
import { parseFaltantes } from "../../../domain/purchasing";
import type { Entry } from "./useOrderItems";
import { useApiQuery } from "../../../data/query";
import { purchasingKeys } from "../keys";

export interface LoadedDraft {
  lines: Entry[];
  comentario: string;
  proveedorText: string;
  proveedor: ProveedorSugerido | null;
}

/** A draft as the screen's values. */
export async function draftValues(d: Borrador): Promise<LoadedDraft> {
  const lines = d.items.map((it) => ({ codigo: it.codigo, producto: it.producto, cantidad: String(it.cantidad), precio_unitario: String(it.precio_unitario), unidad: it.unidad }));
  const obras = [...new Set(d.items.flatMap((it) => it.obras.map((o) => `${o.numero_presupuesto} (${o.nombre_obra ?? o.cliente_nombre})`)))];
  const comentario = obras.length ? `Faltantes para: ${obras.join(", ")}` : "";
  if (!d.proveedor) return { lines, comentario, proveedorText: "", proveedor: null };
  const found = (await suggestProveedores(d.proveedor).catch(() => [])).find((p) => p.id === d.proveedor_id) ?? null;
  return { lines, comentario, proveedorText: d.proveedor, proveedor: found };
}

export function useBorradores(faltantes: string | null, load: (d: Borrador) => void, onError: () => void) {
  const list = parseFaltantes(faltantes);
  const drafts = useApiQuery(purchasingKeys.drafts(faltantes ?? ""), () => fetchBorradores(list), {
    failMessage: "No se pudieron preparar los borradores",
    enabled: list.length > 0,
    staleTime: Infinity, // asked once per list of shortages: a later answer must not reload the form
  });
  const [cleared, setCleared] = useState(false);
  // The first draft goes into the form once, when the list's drafts arrive.
  const loaded = useRef<Borrador[] | null>(null);
  useEffect(() => {
    if (!drafts.current || loaded.current === drafts.current) return;
    loaded.current = drafts.current;
    if (drafts.current[0]) load(drafts.current[0]);
    // The callbacks are the screen's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drafts.current]);
  useEffect(() => {
    if (drafts.failed) onError();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drafts.failed]);
  return { borradores: cleared ? [] : (drafts.current ?? []), clearBorradores: () => setCleared(true) };
}
