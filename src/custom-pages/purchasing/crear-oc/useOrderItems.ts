// The order's items on "Crear Orden de Compra": the entry row (code and product from the
// catalogue, or typed for a new product; unit, quantity and net price as numbers only with
// comma decimals), "Agregar ítem" (a new product is checked against the catalogue and
// created after a confirmation, specification 5), the list with remove, and the totals.
import { useMemo, useRef, useState } from "react";
import { createMaterial, getPrecioMaterial, suggestMateriales } from "../../inventory/api";
import { QTY_DECIMALS } from "../../../domain/inventory/quantity";
import { DEFAULT_UNIT, MSG_MATERIAL_ERROR_CREAR, addItemError, filterNumericText, newProductCheck, numericTextValue, orderTotals } from "../../../domain/purchasing";
import type { Banner } from "../../../components/useBanner";
import { useWrite } from "../../../data/query";
import { inventoryKeys } from "../../inventory/keys";

export interface Line {
  key: number;
  codigo: string;
  producto: string;
  cantidad: string;
  precio_unitario: string;
  unidad: string;
}

export type Entry = Omit<Line, "key">;

export const EMPTY_ENTRY: Entry = { codigo: "", producto: "", cantidad: "", precio_unitario: "", unidad: DEFAULT_UNIT };

/** A line's quantity and price as numbers (null when empty). */
export const lineNumbers = (l: Pick<Line, "cantidad" | "precio_unitario">) => ({ cantidad: numericTextValue(l.cantidad), precio_unitario: numericTextValue(l.precio_unitario) });

export function useOrderItems(show: (message: Banner | null) => void, clear: () => void) {
  const [nuevoProducto, setNuevoProducto] = useState(false);
  const [entry, setEntry] = useState(EMPTY_ENTRY);
  const [items, setItems] = useState<Line[]>([]);
  const [adding, setAdding] = useState(false);
  const write = useWrite();
  const nextKey = useRef(1);
  const entryRef = useRef(entry);
  entryRef.current = entry;

  const totals = useMemo(() => orderTotals(items.map(lineNumbers)), [items]);

  /** Replaces the list (a draft order, or empty to start over). */
  const setLines = (lines: Entry[]) => setItems(lines.map((l) => ({ key: nextKey.current++, ...l })));
  const remove = (key: number) => setItems((list) => list.filter((x) => x.key !== key));
  const edit = (patch: Partial<Entry>) => setEntry((e) => ({ ...e, ...patch }));

  /** Code/product picked in the catalogue: fill the price when it is missing. */
  const onPick = async (patch: { codigo?: string; producto?: string }) => {
    edit(patch);
    if (patch.codigo === undefined || patch.producto === undefined) return;
    const codigo = patch.codigo;
    const precio = await getPrecioMaterial(codigo);
    // Still that product, and no price typed meanwhile.
    if (precio !== null && entryRef.current.codigo === codigo && entryRef.current.precio_unitario === "") edit({ precio_unitario: String(precio) });
  };

  /** A number typed in the quantity or price box (digits and one comma only). */
  const numeric = (field: "cantidad" | "precio_unitario") => (ev: React.ChangeEvent<HTMLInputElement>) =>
    edit({ [field]: filterNumericText(ev.target.value, field === "cantidad" ? QTY_DECIMALS : undefined) });

  const pushEntry = () => {
    const e = entryRef.current;
    setItems((list) => [...list, { key: nextKey.current++, ...e, codigo: e.codigo.trim(), producto: e.producto.trim() }]);
    setEntry(EMPTY_ENTRY);
  };

  /** A new product: refused when its name exists under another code, created after a confirmation when unknown. */
  const createIfNew = async (): Promise<boolean> => {
    const [byCode, byName] = await Promise.all([suggestMateriales(entry.codigo.trim()), suggestMateriales(entry.producto.trim())]);
    const check = newProductCheck([...byCode, ...byName], entry);
    if (check.kind === "duplicate-name") {
      show({ type: "warning", message: check.message });
      return false;
    }
    if (check.kind !== "confirm-create") return true;
    if (!window.confirm(check.message)) return false;
    try {
      const body = { codigo: entry.codigo.trim(), producto: entry.producto.trim(), precio_unitario: numericTextValue(entry.precio_unitario) ?? 0, unidad: entry.unidad };
      // The product pickers know it at once (their answers are kept a minute otherwise).
      await write(() => createMaterial(body), { invalidates: [[inventoryKeys.productSuggestions], [inventoryKeys.stock]] });
      return true;
    } catch (err) {
      console.error(MSG_MATERIAL_ERROR_CREAR, err);
      window.alert(MSG_MATERIAL_ERROR_CREAR);
      return false;
    }
  };

  const addItem = async () => {
    const error = addItemError(entry);
    if (error) {
      window.alert(error);
      return;
    }
    if (!nuevoProducto) {
      pushEntry();
      return;
    }
    setAdding(true);
    try {
      if (!(await createIfNew())) return;
      clear();
      pushEntry();
    } catch (err) {
      console.error("No se pudo verificar el material", err);
      window.alert(MSG_MATERIAL_ERROR_CREAR);
    } finally {
      setAdding(false);
    }
  };

  const reset = () => {
    setLines([]);
    setEntry(EMPTY_ENTRY);
  };

  return { nuevoProducto, setNuevoProducto, entry, edit, items, setLines, remove, adding, totals, onPick, numeric, addItem, reset };
}

export type OrderItems = ReturnType<typeof useOrderItems>;
