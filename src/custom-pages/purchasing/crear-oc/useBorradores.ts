// "Crear Orden de Compra" opened from the inventory's Faltantes view
// (?faltantes=CODIGO:CANTIDAD,...): the server's draft orders, grouped by each product's
// last supplier, are offered and the first is loaded (`load`). A draft names its supplier
// by id: the supplier is looked up so the order shows its RUT.
import { useEffect, useState } from "react";
import { fetchBorradores, suggestProveedores, type Borrador, type ProveedorSugerido } from "../api";
import { parseFaltantes } from "../../../domain/purchasing";
import type { Entry } from "./useOrderItems";

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
  const [borradores, setBorradores] = useState<Borrador[]>([]);
  useEffect(() => {
    const list = parseFaltantes(faltantes);
    if (list.length === 0) return;
    fetchBorradores(list)
      .then((drafts) => {
        setBorradores(drafts);
        if (drafts[0]) load(drafts[0]);
      })
      .catch((error: unknown) => {
        console.error("No se pudieron preparar los borradores", error);
        onError();
      });
    // Once per list of shortages (the callbacks are the screen's).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [faltantes]);
  return { borradores, clearBorradores: () => setBorradores([]) };
}
