// "Editar Ítems del Presupuesto" (/EditarPresupuestos), spec 2.4, 4, 7, 8.
// Choosing a client loads its quotes; choosing a quote loads its items into an editable
// table. "Agregar Elemento" adds a blank row. "Guardar Cambios" first checks every row
// with the domain schema (nothing is sent while a row is invalid), then, one call at a
// time, updates the rows that have an id and were changed (PUT) and creates the rows
// without an id (POST) for the chosen quote; then the items are reloaded. Deleting a saved
// row deletes it on the server at once; a failure is only logged and the row goes anyway.
//
// Switching quotes quickly never shows or deletes another quote's items: the table holds
// the quote its rows belong to, an answer for a quote that is no longer selected is
// ignored, and a delete names the row's own quote (the server refuses another quote's item).
import { useCallback, useEffect, useState } from "react";
import { App, Button, Card, Checkbox, Form, Input, Select, Table, Tooltip } from "antd";
import type { ColumnsType } from "antd/es/table";
import { DeleteOutlined } from "@ant-design/icons";
import { cuadrosAlMarcarAdicional, itemInputs, TIPO_APERTURA_OPTIONS, TIPO_VENTANA_OPTIONS } from "../../domain/sales";
import { formatCLP, formatNumber, parseNumberInput } from "../../domain/format";
import { createItem, deleteItem, listItems, updateItem, type ItemPresupuesto, type Presupuesto } from "../../api/sales";
import { useApiQuery, useInvalidate } from "../../api/query";
import { BannerAlert, Page } from "../../components/Page";
import { useBanner } from "../../components/useBanner";
import { QuoteSelectors, usePreselectedQuote } from "../../resources/presupuestos/QuoteSelectors";
import { EMPTY_DRAFT, draftUtv, itemToDraft, localKey, parseDraft, type ItemDraft } from "../../resources/presupuestos/item-draft";
import type { ClienteRef } from "../../resources/clientes/ClientSelect";
import { toHttpError } from "../../providers/http";

export const MSG_CAMBIOS_OK = "Ítems guardados y actualizados correctamente";
export const MSG_CAMBIOS_ERROR = "Error al guardar los cambios";

interface Row {
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

function rowsFrom(items: ItemPresupuesto[]): Row[] {
  return items.map((it) => ({ key: `id-${it.id}`, id: it.id, draft: itemToDraft(it), dirty: false, idemKey: localKey() }));
}

function blankRow(): Row {
  return { key: localKey(), draft: { ...EMPTY_DRAFT }, dirty: true, idemKey: localKey() };
}

export default function EditarPresupuestosPage() {
  const { modal } = App.useApp();
  const [client, setClient] = useState<ClienteRef | null>(null);
  const [quote, setQuote] = useState<Presupuesto | null>(null);
  const [table, setTable] = useState<ItemTable>(EMPTY_TABLE);
  const [saving, setSaving] = useState(false);
  const { banner, show, clear } = useBanner();
  const invalidate = useInvalidate();

  const quoteId = quote?.id ?? null;
  const rows = table.quoteId === quoteId ? table.rows : [];
  const loading = quoteId !== null && !(table.quoteId === quoteId && table.loaded);

  /** Changes the rows of `forQuote` only (a late update for another quote does nothing). */
  const setRows = useCallback((forQuote: number | null, update: (rows: Row[]) => Row[]) => {
    setTable((t) => (t.quoteId === forQuote ? { ...t, rows: update(t.rows) } : t));
  }, []);

  // The chosen quote's items (its key): the editable rows start from each answer for it.
  const items = useApiQuery(["items_presupuesto", quoteId], () => listItems(quoteId!), { failMessage: "No se pudieron cargar los ítems del presupuesto", enabled: quoteId !== null }).current;
  useEffect(() => setTable({ ...EMPTY_TABLE, quoteId }), [quoteId]);
  useEffect(() => {
    if (quoteId !== null && items) setTable({ quoteId, loaded: true, rows: rowsFrom(items) });
  }, [quoteId, items]);

  usePreselectedQuote((c, q) => {
    setClient(c);
    setQuote(q);
  });

  const hasChanges = rows.some((r) => r.dirty);

  const onSelectors = (c: ClienteRef | null, q: Presupuesto | null) => {
    const apply = () => {
      setClient(c);
      setQuote(q);
      clear();
    };
    if (hasChanges && q?.id !== quote?.id) {
      modal.confirm({
        title: "Hay cambios sin guardar",
        content: "Si cambia de presupuesto se perderán los cambios de la tabla. ¿Desea continuar?",
        okText: "Descartar cambios",
        cancelText: "Volver",
        onOk: apply,
      });
      return;
    }
    apply();
  };

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
    if (row.id !== undefined && ofQuote !== null) {
      // Spec 4/8: the delete happens at once; a failure is only logged.
      deleteItem(row.id, ofQuote).catch((error: unknown) => console.error("No se pudo eliminar el ítem", row.id, error));
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
    // 2. Send, one call at a time. Rows already stored are marked as such, so a retry
    //    after a failure does not create them twice.
    setSaving(true);
    clear();
    try {
      for (const { row, result } of parsed) {
        if (!result.ok) continue;
        if (row.id !== undefined) {
          if (!row.dirty) continue;
          await updateItem(row.id, result.body);
          setRows(quote.id, (prev) => prev.map((r) => (r.key === row.key ? { ...r, dirty: false, errors: undefined } : r)));
        } else {
          const created = await createItem(result.body, `${row.idemKey}:${quote.id}`);
          setRows(quote.id, (prev) =>
            prev.map((r) => (r.key === row.key ? { ...r, id: created.id, dirty: false, errors: undefined } : r)),
          );
        }
      }
      await invalidate(["items_presupuesto", quote.id]);
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

  const cellError = (row: Row, field: keyof ItemDraft) => row.errors?.[field]?.join(" ");

  const textCell = (field: keyof ItemDraft, label: string, opts: { numeric?: boolean; width?: number } = {}) =>
    function TextCell(_: unknown, row: Row, index: number) {
      const error = cellError(row, field);
      const value = String(row.draft[field] ?? "");
      return (
        <Tooltip title={error} open={error ? undefined : false}>
          <Input
            size="small"
            aria-label={`${label} fila ${index + 1}`}
            value={value}
            status={error ? "error" : undefined}
            disabled={saving}
            inputMode={opts.numeric ? "decimal" : undefined}
            style={{ width: opts.width ?? "100%" }}
            onChange={(e) => change(row.key, { [field]: e.target.value })}
            onBlur={() => {
              if (opts.numeric && value.trim() !== "" && parseNumberInput(value) === null) change(row.key, { [field]: "" });
            }}
          />
        </Tooltip>
      );
    };

  const flagCell = (field: "grada_buque" | "observaciones", label: string) =>
    function FlagCell(_: unknown, row: Row, index: number) {
      return (
        <Checkbox
          aria-label={`${label} fila ${index + 1}`}
          checked={row.draft[field]}
          disabled={saving}
          onChange={(e) => change(row.key, { [field]: e.target.checked })}
        />
      );
    };

  const selectCell = (field: "tipo_ventana" | "tipo_apertura", label: string, options: { value: string; label: string }[]) =>
    function SelectCell(_: unknown, row: Row, index: number) {
      return (
        <Select
          size="small"
          aria-label={`${label} fila ${index + 1}`}
          value={row.draft[field]}
          options={options}
          disabled={saving}
          style={{ width: "100%" }}
          popupMatchSelectWidth={false}
          onChange={(v: string) => change(row.key, { [field]: v })}
        />
      );
    };

  const columns: ColumnsType<Row> = [
    { title: "#", key: "n", width: 28, render: (_, __, i) => <span className="vt-muted">{i + 1}</span> },
    { title: "Ítem", key: "item", width: 56, render: textCell("item", "Ítem") },
    { title: "Recinto", key: "recinto", width: 96, render: textCell("recinto", "Recinto") },
    { title: "Ancho (mm)", key: "ancho", width: 76, render: textCell("ancho", "Ancho", { numeric: true }) },
    { title: "Alto (mm)", key: "alto", width: 76, render: textCell("alto", "Alto", { numeric: true }) },
    { title: "Tipo ventana", key: "tipo_ventana", width: 140, render: selectCell("tipo_ventana", "Tipo ventana", TIPO_VENTANA_OPTIONS) },
    { title: "Apertura", key: "tipo_apertura", width: 100, render: selectCell("tipo_apertura", "Apertura", TIPO_APERTURA_OPTIONS) },
    { title: "Cantidad", key: "cantidad", width: 70, render: textCell("cantidad", "Cantidad", { numeric: true }) },
    { title: "Precio", key: "precio_unitario", width: 100, render: textCell("precio_unitario", "Precio", { numeric: true }) },
    {
      title: "UTV",
      key: "utv",
      width: 100,
      align: "right",
      render: (_, row) => {
        const u = draftUtv(row.draft);
        return (
          <div className="vt-num">
            {formatNumber(u.utv)}
            <div className="vt-muted">{formatCLP(u.utv_monto)}</div>
          </div>
        );
      },
    },
    {
      title: "Grada buque",
      key: "grada_buque",
      width: 70,
      align: "center",
      render: flagCell("grada_buque", "Grada buque"),
    },
    {
      title: "Obs.",
      key: "observaciones",
      width: 56,
      align: "center",
      render: flagCell("observaciones", "Observaciones"),
    },
    {
      title: "Obs. texto",
      key: "texto_observaciones",
      width: 180,
      render: (_, row, i) => (
        <Input
          size="small"
          aria-label={`Texto observaciones fila ${i + 1}`}
          value={row.draft.texto_observaciones}
          disabled={saving || !itemInputs(row.draft).textoObservaciones}
          placeholder={itemInputs(row.draft).textoObservaciones ? "Detalle" : ""}
          onChange={(e) => change(row.key, { texto_observaciones: e.target.value })}
        />
      ),
    },
    {
      title: "Adicional",
      key: "adicional",
      width: 76,
      align: "center",
      render: (_, row, i) => (
        <Checkbox
          aria-label={`Adicional fila ${i + 1}`}
          checked={itemInputs(row.draft).cuadrosAdicionales}
          disabled={saving || !itemInputs(row.draft).adicional}
          onChange={(e) => change(row.key, { adicional: e.target.checked })}
        />
      ),
    },
    {
      title: "Cuadros adic.",
      key: "cuadros_adicionales",
      width: 84,
      render: (_, row, i) =>
        itemInputs(row.draft).cuadrosAdicionales ? (
          textCell("cuadros_adicionales", "Cuadros adicionales", { numeric: true })(_, row, i)
        ) : (
          <span className="vt-muted">—</span>
        ),
    },
    {
      title: "",
      key: "delete",
      fixed: "right",
      className: "vt-actions-cell",
      width: 52,
      render: (_, row, i) => (
        <Tooltip title="Eliminar fila">
          <Button size="small" danger icon={<DeleteOutlined />} disabled={saving} aria-label={`Eliminar fila ${i + 1}`} onClick={() => removeRow(row)} />
        </Tooltip>
      ),
    },
  ];

  const pendingCount = rows.filter((r) => r.dirty).length;

  return (
    <Page title="Editar Ítems del Presupuesto">
      <Card title="Presupuesto" size="small">
        <Form layout="vertical" component="div">
          <QuoteSelectors client={client} quote={quote} onChange={onSelectors} disabled={saving} />
        </Form>
      </Card>

      <Card
        title="Ítems del presupuesto"
        size="small"
        extra={
          quote && pendingCount > 0 ? (
            <span className="vt-muted">
              {pendingCount} {pendingCount === 1 ? "fila con cambios" : "filas con cambios"} sin guardar
            </span>
          ) : undefined
        }
      >
        <Table<Row>
          className="vt-edit-table"
          rowKey="key"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={loading}
          pagination={false}
          tableLayout="fixed"
          scroll={{ x: "max-content" }}
          rowClassName={(r) => (r.errors ? "vt-row-error" : "")}
          locale={{ emptyText: quote ? "Este presupuesto no tiene ítems." : "Seleccione un cliente y un presupuesto." }}
        />
        <div style={{ marginTop: 12 }}>
          <BannerAlert banner={banner} onClose={clear} />
        </div>
        <div className="vt-actions vt-actions--stack" style={{ marginTop: 12, justifyContent: "space-between" }}>
          <Button onClick={addRow} disabled={!quote || saving}>
            Agregar Elemento
          </Button>
          <Button type="primary" onClick={() => void save()} disabled={!quote || saving} loading={saving}>
            Guardar Cambios
          </Button>
        </div>
      </Card>
    </Page>
  );
}
