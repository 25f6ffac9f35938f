// "Editar Orden de Compra" (/EditarOCPage, specification 2.6 item 2, 8): a status filter
// (Pendiente, Completas, Todas), an order select (searched on the server), the editable item
// table (code, product, quantity, unit price, delete), "Agregar Elemento", the comment,
// "Imprimir / PDF", "Guardar Cambios" and the banner. Saved rows are updated, new rows
// created for the chosen order; deleting a saved row deletes it on the server at once (a
// failure is only logged). The chosen order is read under its key (purchasingKeys.order): the
// rows on screen start again from each answer for it, and a save reads it again.
import { useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Button, Card, Form, Input, Select, Table } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import {
  createItemOc,
  deleteItemOc,
  fetchOrdenesEstado,
  getOrdenCompra,
  updateComentarioOc,
  updateItemOc,
  type OrdenCompra,
  type OrdenCompraDetalle,
} from "../api";
import { Page } from "../../../components/Page";
import { useBanner } from "../../../components/useBanner";
import { formatCLP, formatDate } from "../../../domain/format";
import { QTY_DECIMALS } from "../../../domain/inventory/quantity";
import {
  DEFAULT_UNIT,
  EDIT_ORDER_STATE_FILTER_OPTIONS,
  MSG_ITEMS_OC_ACTUALIZADOS,
  MSG_ITEMS_OC_ERROR_GUARDAR,
  filterNumericText,
  itemNet,
  numericTextValue,
  orderTotals,
  pendingQuantity,
} from "../../../domain/purchasing";
import { downloadOcPdf } from "../pdf/download-oc";
import { OrderTotalsView } from "../ordenes-compra/OrderTotalsView";
import { pdfDataOf } from "../ordenes-compra/pdf-data";
import { PendingBadge } from "../ordenes-compra/ReceiptCards";
import "../ordenes-compra/ordenes-compra.css";
import { WithHistory } from "../../platform/auditoria/WithHistory";
import { useApiQuery, useWrite } from "../../../data/query";
import { orderWrites, purchasingKeys } from "../keys";

interface Row {
  key: string;
  id?: number;
  codigo: string;
  producto: string;
  cantidad: string;
  precio_unitario: string;
  unidad: string;
  cantidad_llegada: number;
  observacion: string | null;
}

const rowOf = (it: OrdenCompraDetalle["detalles"][number]): Row => ({
  key: `id-${it.id}`,
  id: it.id,
  codigo: it.codigo,
  producto: it.producto,
  cantidad: String(it.cantidad),
  precio_unitario: String(it.precio_unitario),
  unidad: it.unidad,
  cantidad_llegada: it.cantidad_llegada,
  observacion: it.observacion,
});

const NO_ORDERS: OrdenCompra[] = [];

/** The chosen order as edited on screen, and the answer it started from. */
interface Edit {
  from: OrdenCompraDetalle | null;
  rows: Row[];
  /** The rows as stored (only changed rows are sent). */
  original: Row[];
  comentario: string;
}
const NO_EDIT: Edit = { from: null, rows: [], original: [], comentario: "" };
const editOf = (o: OrdenCompraDetalle): Edit => {
  const rows = o.detalles.map(rowOf);
  return { from: o, rows, original: rows, comentario: o.comentario ?? "" };
};

export default function EditarOCPage() {
  const { banner, show, clear } = useBanner();
  // ?numero_oc=N (the global search) opens that order, whatever its state.
  const [params] = useSearchParams();
  const asked = Number(params.get("numero_oc"));
  const askedOrder = Number.isSafeInteger(asked) && asked > 0 ? asked : null;
  const [estado, setEstado] = useState<string>(askedOrder ? "" : "Pendiente");
  // The order select's choices: the state's orders, searched on the server as the person types.
  const [searchText, setSearchText] = useState("");
  const q = searchText.trim();
  const options =
    useApiQuery(purchasingKeys.orderChoices(estado, q), () => fetchOrdenesEstado({ estado, q: q || undefined, _start: 0, _end: 50 }).then((page) => page.rows), {
      failMessage: "No se pudieron cargar las órdenes",
      keepPrevious: true,
    }).latest ?? NO_ORDERS;
  const [numero, setNumero] = useState<number | null>(null);
  const order = useApiQuery(purchasingKeys.order(numero), () => getOrdenCompra(numero!), { failMessage: "No se pudo cargar la orden", enabled: numero !== null });
  const orden = numero === null ? null : order.current;
  const [edit, setEdit] = useState<Edit>(NO_EDIT);
  // Each answer for the chosen order is what the rows start from (state from an answer, set while drawing).
  if (orden && edit.from !== orden) setEdit(editOf(orden));
  const { rows, comentario } = orden ? edit : NO_EDIT;
  const setRows = (update: (rows: Row[]) => Row[]) => setEdit((e) => ({ ...e, rows: update(e.rows) }));
  const setComentario = (text: string) => setEdit((e) => ({ ...e, comentario: text }));
  const [saving, setSaving] = useState(false);
  const write = useWrite();
  /** The order chosen last (a save's banner is shown only while its order is still the one on screen). */
  const chosen = useRef<number | null>(null);
  const newKey = useRef(1);

  const choose = (n: number | null) => {
    chosen.current = n;
    setNumero(n);
    setEdit(NO_EDIT);
    clear();
  };

  useEffect(() => {
    if (askedOrder === null) return;
    setEstado("");
    setSearchText("");
    choose(askedOrder);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [askedOrder]);

  const patch = (key: string, p: Partial<Row>) => setRows((list) => list.map((r) => (r.key === key ? { ...r, ...p } : r)));

  const remove = (row: Row) => {
    setEdit((e) => ({ ...e, rows: e.rows.filter((r) => r.key !== row.key), original: e.original.filter((r) => r.key !== row.key) }));
    const id = row.id;
    // Deleted at once; a failure is only logged. Nothing is read again: the other rows' edits are not saved yet.
    if (id !== undefined) void write(() => deleteItemOc(id)).catch((error: unknown) => console.error("No se pudo eliminar el ítem", error));
  };

  const add = () => setRows((list) => [...list, { key: `new-${newKey.current++}`, codigo: "", producto: "", cantidad: "", precio_unitario: "", unidad: DEFAULT_UNIT, cantidad_llegada: 0, observacion: null }]);

  /** Sends the changed rows and the comment, one call at a time. */
  const saveOrder = async (forOrder: number, sent: Edit) => {
    for (const r of sent.rows) {
      const body = { codigo: r.codigo, producto: r.producto, cantidad: numericTextValue(r.cantidad), precio_unitario: numericTextValue(r.precio_unitario), unidad: r.unidad, observacion: r.observacion };
      if (r.id === undefined) await createItemOc({ ...body, numero_oc: forOrder });
      else {
        const before = sent.original.find((o) => o.key === r.key);
        if (!before || before.codigo !== r.codigo || before.producto !== r.producto || before.cantidad !== r.cantidad || before.precio_unitario !== r.precio_unitario) {
          await updateItemOc(r.id, body);
        }
      }
    }
    if ((sent.from?.comentario ?? "") !== sent.comentario) await updateComentarioOc(forOrder, sent.comentario);
  };

  const totals = useMemo(() => orderTotals(rows.map((r) => ({ cantidad: numericTextValue(r.cantidad), precio_unitario: numericTextValue(r.precio_unitario) }))), [rows]);

  const save = async () => {
    if (numero === null || saving) return;
    const forOrder = numero;
    setSaving(true);
    clear();
    try {
      // The order is read again (the rows start from what is stored), and every list of orders.
      await write(() => saveOrder(forOrder, edit), { invalidates: orderWrites });
      if (chosen.current === forOrder) show({ type: "success", message: MSG_ITEMS_OC_ACTUALIZADOS });
    } catch (error) {
      console.error(MSG_ITEMS_OC_ERROR_GUARDAR, error);
      if (chosen.current === forOrder) {
        show({ type: "error", message: MSG_ITEMS_OC_ERROR_GUARDAR });
        // What is stored now, rows created before the refusal included (a retry must not create them again).
        setEdit(NO_EDIT);
        await order.refetch();
      }
    } finally {
      setSaving(false);
    }
  };

  const imprimir = async () => {
    if (!orden) return;
    try {
      await downloadOcPdf({
        ...pdfDataOf(orden),
        comentario,
        items: rows.map((r) => ({ codigo: r.codigo, producto: r.producto, unidad: r.unidad, cantidad: numericTextValue(r.cantidad), precio_unitario: numericTextValue(r.precio_unitario) })),
      });
    } catch (error) {
      console.error("No se pudo generar el PDF", error);
      show({ type: "error", message: "No se pudo generar el PDF." });
    }
  };

  const numericInput = (r: Row, field: "cantidad" | "precio_unitario", label: string) => (
    <Input aria-label={`${label} ${r.id !== undefined ? r.codigo : "nuevo"}`} inputMode="decimal" value={r[field]} style={{ width: 110 }} onChange={(e) => patch(r.key, { [field]: filterNumericText(e.target.value, field === "cantidad" ? QTY_DECIMALS : undefined) })} />
  );

  return (
    <Page title="Editar Orden de Compra" banner={banner} onCloseBanner={clear}>
      <Card>
        <Form layout="vertical" component="div">
          <div className="vt-grid">
            <Form.Item className="span-4" label="Estado" htmlFor="eoc-estado">
              <Select
                id="eoc-estado"
                value={estado}
                onChange={(v) => {
                  setEstado(v);
                  setSearchText("");
                  choose(null);
                }}
                options={EDIT_ORDER_STATE_FILTER_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
              />
            </Form.Item>
            <Form.Item className="span-8" label="Orden de compra" htmlFor="eoc-orden">
              <Select<number>
                id="eoc-orden"
                showSearch
                allowClear
                filterOption={false}
                onSearch={setSearchText}
                value={numero ?? undefined}
                placeholder="Seleccione una OC"
                notFoundContent="No hay órdenes"
                onChange={(v) => choose(v ?? null)}
                options={(orden && !options.some((o) => o.numero_oc === orden.numero_oc) ? [...options, orden] : options).map((o) => ({ value: o.numero_oc, label: `OC ${o.numero_oc} - ${o.proveedor} - ${formatDate(o.fecha)}${o.observacion ? ` - ${o.observacion}` : ""}` }))}
              />
            </Form.Item>
          </div>
        </Form>
      </Card>
      {orden && (
        <Card title={`OC ${orden.numero_oc} · ${orden.proveedor}`}>
          <WithHistory entidad="ordenes_compra" entidadId={orden.numero_oc} label="Ítems">
          <Table<Row> rowKey="key" size="small" dataSource={rows} pagination={false} scroll={{ x: "max-content" }} aria-label="Ítems de la OC">
            <Table.Column<Row> title="Código" render={(_, r) => <Input aria-label={`Código ${r.id !== undefined ? r.codigo : "nuevo"}`} value={r.codigo} disabled={r.cantidad_llegada > 0} style={{ width: 120 }} onChange={(e) => patch(r.key, { codigo: e.target.value })} />} />
            <Table.Column<Row> title="Producto" render={(_, r) => <Input aria-label={`Producto ${r.id !== undefined ? r.codigo : "nuevo"}`} value={r.producto} style={{ minWidth: 220 }} onChange={(e) => patch(r.key, { producto: e.target.value })} />} />
            <Table.Column<Row> title="Cantidad" render={(_, r) => numericInput(r, "cantidad", "Cantidad")} />
            <Table.Column<Row> title="Precio unitario" render={(_, r) => numericInput(r, "precio_unitario", "Precio unitario")} />
            <Table.Column<Row> title="Total" align="right" render={(_, r) => formatCLP(itemNet({ cantidad: numericTextValue(r.cantidad), precio_unitario: numericTextValue(r.precio_unitario) }))} />
            <Table.Column<Row> title="Pendiente" align="right" render={(_, r) => <PendingBadge pendiente={pendingQuantity({ cantidad: numericTextValue(r.cantidad), cantidad_llegada: r.cantidad_llegada })} />} />
            <Table.Column<Row>
              title=""
              render={(_, r) => <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Eliminar ${r.id !== undefined ? r.codigo : "nuevo"}`} disabled={r.cantidad_llegada > 0} onClick={() => remove(r)} />}
            />
          </Table>
          <div className="vt-actions" style={{ marginTop: 8 }}>
            <Button icon={<PlusOutlined />} onClick={add}>
              Agregar Elemento
            </Button>
          </div>
          <OrderTotalsView totals={totals} />
          <Form layout="vertical" component="div" style={{ marginTop: 12 }}>
            <Form.Item label="Comentario" htmlFor="eoc-comentario">
              <Input.TextArea id="eoc-comentario" value={comentario} maxLength={2000} autoSize={{ minRows: 2 }} onChange={(e) => setComentario(e.target.value)} />
            </Form.Item>
          </Form>
          <div className="vt-actions vt-actions--end">
            <Button onClick={() => void imprimir()}>Imprimir / PDF</Button>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              Guardar Cambios
            </Button>
          </div>
          </WithHistory>
        </Card>
      )}
    </Page>
  );
}
