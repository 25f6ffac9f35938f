// The rows of "Editar Ítems del Presupuesto" and their save. The table holds the quote its
// rows belong to: an answer for a quote no longer selected is never shown (the query's key
// is the quote), and a change, delete or saved row names its own quote.
import { useCallback, useEffect, useState } from "react";
import { cuadrosAlMarcarAdicional } from "../../../domain/sales";
import { createItem, deleteItem, fetchItems, updateItem, type ItemPresupuesto, type Presupuesto } from "../api";
import { useApiQuery, useWrite } from "../../../data/query";
import type { useBanner } from "../../../components/useBanner";
import { EMPTY_DRAFT, itemToDraft, localKey, parseDraft, type ItemDraft } from "../presupuestos/item-draft";
import { toHttpError } from "../../../providers/http";
import { salesKeys } from "../keys";

export const MSG_CAMBIOS_OK = "Ítems guardados y actualizados correctamente";
export const MSG_CAMBIOS_ERROR = "Error al guardar los cambios";

export interface Row {
  key: string;
  /** Server id; absent for rows added here and not saved yet. */
  id?: number;
  draft: ItemDraft;
  /** Changed since loaded (rows without id are always sent). */
  dirty: boolean;
  /** Idempotency-Key of this new row's POST. */
  idemKey: string;
  errors?: Partial<Record<string, string[]>>;
}

/** The rows on screen and the quote they belong to (loaded: its items have arrived). */
interface ItemTable {
  quoteId: number | null;
  loaded: boolean;
  rows: Row[];
}

const EMPTY_TABLE: ItemTable = { quoteId: null, loaded: false, rows: [] };

const NO_ITEMS: ItemPresupuesto[] = [];

function rowsFrom(items: ItemPresupuesto[]): Row[] {
  return items.map((it) => ({ key: `id-${it.id}`, id: it.id, draft: itemToDraft(it), dirty: false, idemKey: localKey() }));
}

function blankRow(): Row {
  return { key: localKey(), draft: { ...EMPTY_DRAFT }, dirty: true, idemKey: localKey() };
}

type Banner = ReturnType<typeof useBanner>;

export function useItemRows(quote: Presupuesto | null, { show, clear }: Pick<Banner, "show" | "clear">) {
  const [table, setTable] = useState<ItemTable>(EMPTY_TABLE);
  const [saving, setSaving] = useState(false);
  const write = useWrite();

  const quoteId = quote?.id ?? null;
  const rows = table.quoteId === quoteId ? table.rows : [];
  const loading = quoteId !== null && !(table.quoteId === quoteId && table.loaded);

  /** Changes the rows of `forQuote` only (a late update for another quote does nothing). */
  const setRows = useCallback((forQuote: number | null, update: (rows: Row[]) => Row[]) => {
    setTable((t) => (t.quoteId === forQuote ? { ...t, rows: update(t.rows) } : t));
  }, []);

  // The chosen quote's items (its key): the editable rows start from each answer for it.
  const itemsRead = useApiQuery(salesKeys.quoteItems(quoteId), () => fetchItems(quoteId!), { failMessage: "No se pudieron cargar los ítems del presupuesto", enabled: quoteId !== null });
  // A failed read leaves the quote with no rows (logged by useApiQuery).
  const items = itemsRead.failed ? NO_ITEMS : itemsRead.current;
  useEffect(() => setTable({ ...EMPTY_TABLE, quoteId }), [quoteId]);
  useEffect(() => {
    if (quoteId !== null && items) setTable({ quoteId, loaded: true, rows: rowsFrom(items) });
  }, [quoteId, items]);

  const change = (key: string, patch: Partial<ItemDraft>) => {
    setRows(quoteId, (prev) =>
      prev.map((r) => {
        if (r.key !== key) return r;
        const draft = { ...r.draft, ...patch };
        if (patch.adicional) draft.cuadros_adicionales = cuadrosAlMarcarAdicional(draft.cuadros_adicionales);
        const errors = r.errors ? { ...r.errors } : undefined;
        if (errors) for (const f of Object.keys(patch)) delete errors[f];
        return { ...r, draft, dirty: true, errors };
      }),
    );
  };

  const addRow = () => setRows(quoteId, (prev) => [...prev, blankRow()]);

  const removeRow = (row: Row) => {
    const ofQuote = table.quoteId; // the quote this row was loaded for, not whatever is selected later
    setRows(ofQuote, (prev) => prev.filter((r) => r.key !== row.key));
    const id = row.id;
    if (id !== undefined && ofQuote !== null) {
      // Spec 4/8: the delete happens at once; a failure is only logged. Nothing is read again:
      // the other rows' edits are not saved yet.
      write(() => deleteItem(id, ofQuote)).catch((error: unknown) => console.error("No se pudo eliminar el ítem", id, error));
    }
  };

  /** Sends the rows one call at a time; each stored row is marked at once (a retry after a failure does not create it twice). */
  const saveRows = async (forQuote: number, parsed: { row: Row; result: ReturnType<typeof parseDraft> }[]) => {
    for (const { row, result } of parsed) {
      if (!result.ok) continue;
      if (row.id !== undefined) {
        if (!row.dirty) continue;
        await updateItem(row.id, result.body);
        setRows(forQuote, (prev) => prev.map((r) => (r.key === row.key ? { ...r, dirty: false, errors: undefined } : r)));
      } else {
        const created = await createItem(result.body, `${row.idemKey}:${forQuote}`);
        setRows(forQuote, (prev) =>
          prev.map((r) => (r.key === row.key ? { ...r, id: created.id, dirty: false, errors: undefined } : r)),
        );
      }
    }
  };

  const save = async () => {
    if (saving) return;
    if (!quote) {
      show({ type: "error", message: "Debe seleccionar un presupuesto antes de guardar" });
      return;
    }
    // 1. Every row must be valid before anything is sent.
    const parsed = rows.map((r) => ({ row: r, result: parseDraft(r.draft, quote.id) }));
    const invalid = parsed.filter((p) => !p.result.ok);
    if (invalid.length > 0) {
      setRows(quote.id, (prev) =>
        prev.map((r) => {
          const p = parsed.find((x) => x.row.key === r.key);
          return p && !p.result.ok ? { ...r, errors: p.result.errors } : { ...r, errors: undefined };
        }),
      );
      show({
        type: "error",
        message: MSG_CAMBIOS_ERROR,
        description: invalid
          .map((p) => {
            const n = rows.indexOf(p.row) + 1;
            const msgs = p.result.ok ? [] : Object.values(p.result.errors).flat();
            return `Fila ${n}: ${msgs.join(", ")}`;
          })
          .join(" · "),
      });
      return;
    }
    // 2. Send (saveRows).
    setSaving(true);
    clear();
    try {
      // The quote's items and totals are read again once every row is stored (its page and this table).
      await write(() => saveRows(quote.id, parsed), { invalidates: [salesKeys.quoteItems(quote.id), salesKeys.quotes()] });
      show({ type: "success", message: MSG_CAMBIOS_OK });
    } catch (error) {
      console.error(MSG_CAMBIOS_ERROR, error);
      const http = toHttpError(error);
      const detail = http.errors ? Object.values(http.errors).flat().join(" ") : http.message;
      show({ type: "error", message: MSG_CAMBIOS_ERROR, description: detail });
    } finally {
      setSaving(false);
    }
  };

  return { rows, loading, saving, hasChanges: rows.some((r) => r.dirty), pendingCount: rows.filter((r) => r.dirty).length, change, addRow, removeRow, save };
}
