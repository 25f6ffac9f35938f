// The `?faltantes=CODIGO:CANTIDAD,...` parameter the inventory's "Faltantes" view puts on
// the Crear OC link (shortage to order, beyond the specification).

export interface Faltante {
  codigo: string;
  cantidad: number;
}

/** "PER-001:6,VID-003:2.5" → [{ codigo, cantidad }]; pairs without a code or a positive quantity are skipped. */
export function parseFaltantes(text: string | null | undefined): Faltante[] {
  if (!text) return [];
  return text
    .split(",")
    .map((pair) => {
      const i = pair.lastIndexOf(":");
      const codigo = (i > 0 ? pair.slice(0, i) : "").trim();
      const cantidad = Number((i > 0 ? pair.slice(i + 1) : "").trim());
      return { codigo, cantidad };
    })
    .filter((f) => f.codigo !== "" && Number.isFinite(f.cantidad) && f.cantidad > 0);
}
