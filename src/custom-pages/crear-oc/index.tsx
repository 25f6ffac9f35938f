// "Crear Orden de Compra" (/CrearOCPage, specification 2.6 item 1, 4, 5, 8, 9): number
// prefilled (ultima_oc + 1), supplier search with its RUT, date (today), made-by, the "new
// product" switch, the entry row (code, product, quantity, net price; numbers only, comma
// decimals), the item table with remove, net / IVA 19% / total, client search, budget,
// comment, "Guardar Orden de Compra" (enabled only when complete) and "Generar PDF".
// After a save: the alert, the PDF, and the screen starts over with the next number.
// With ?faltantes=CODIGO:CANTIDAD,... (the inventory's Faltantes view) the server's draft
// orders (grouped by each product's last supplier) are offered and the first is loaded.
import { useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useGetIdentity } from "@refinedev/core";
import { Alert, Button, Card, Form, Input, Select, Space, Switch, Table } from "antd";
import { DeleteOutlined } from "@ant-design/icons";
import { createMaterial, getPrecioMaterial, suggestMateriales } from "../../api/inventory";
import { createOrdenCompra, fetchBorradores, getUltimaOc, suggestProveedores, type Borrador, type Proveedor } from "../../api/purchasing";
import { listPresupuestosDeCliente, type Presupuesto } from "../../api/sales";
import { Page } from "../../components/Page";
import { useBanner } from "../../components/useBanner";
import { todayInSantiago } from "../../domain/dates/dates";
import { formatCLP, formatNumber } from "../../domain/format";
import { QTY_DECIMALS } from "../../domain/inventory/quantity";
import {
  DEFAULT_UNIT,
  MSG_MATERIAL_ERROR_CREAR,
  MSG_OC_ERROR_GUARDAR,
  MSG_OC_GUARDADA,
  addItemError,
  canSaveOrder,
  filterNumericText,
  itemNet,
  newProductCheck,
  nextOrderNumber,
  numericTextValue,
  orderTotals,
  parseFaltantes,
  saveOrderError,
} from "../../domain/purchasing";
import { downloadOcPdf } from "../../pdf/download-oc";
import { ClientSelect, type ClienteRef } from "../../resources/clientes/ClientSelect";
import { MaterialPickers } from "../../resources/materiales/MaterialPickers";
import { OrderTotalsView } from "../../resources/ordenes_compra/OrderTotalsView";
import { ProveedorAutoComplete } from "../../resources/ordenes_compra/ProveedorAutoComplete";
import "../../resources/ordenes_compra/ordenes-compra.css";
import { DateField } from "../../components/DateField";
import type { SessionUser } from "../../providers/session";

interface Line {
  key: number;
  codigo: string;
  producto: string;
  cantidad: string;
  precio_unitario: string;
  unidad: string;
}

const EMPTY_ENTRY = { codigo: "", producto: "", cantidad: "", precio_unitario: "", unidad: DEFAULT_UNIT };

export default function CrearOCPage() {
  const [params] = useSearchParams();
  const { banner, show, clear } = useBanner();
  const [numero, setNumero] = useState("");
  const [proveedorText, setProveedorText] = useState("");
  const [proveedor, setProveedor] = useState<Proveedor | null>(null);
  const [fecha, setFecha] = useState(todayInSantiago());
  const [realizadoPor, setRealizadoPor] = useState("");
  // "Realizado por" starts as the signed-in user's name (still editable).
  const { data: user } = useGetIdentity<SessionUser | null>();
  useEffect(() => {
    if (user?.nombre) setRealizadoPor((v) => v || user.nombre);
  }, [user?.nombre]);
  const [nuevoProducto, setNuevoProducto] = useState(false);
  const [entry, setEntry] = useState(EMPTY_ENTRY);
  const [items, setItems] = useState<Line[]>([]);
  const [cliente, setCliente] = useState<ClienteRef | null>(null);
  const [presupuestos, setPresupuestos] = useState<Presupuesto[]>([]);
  const [presupuestoId, setPresupuestoId] = useState<number | null>(null);
  const [comentario, setComentario] = useState("");
  const [saving, setSaving] = useState(false);
  const [adding, setAdding] = useState(false);
  const [borradores, setBorradores] = useState<Borrador[]>([]);
  const nextKey = useRef(1);
  const entryRef = useRef(entry);
  entryRef.current = entry;

  const loadNumber = () =>
    getUltimaOc()
      .then((u) => setNumero(String(nextOrderNumber(u))))
      .catch((error: unknown) => console.error("No se pudo obtener el último número de OC", error));

  useEffect(() => {
    void loadNumber();
  }, []);

  // Faltantes → draft orders.
  const faltantes = params.get("faltantes");
  useEffect(() => {
    const list = parseFaltantes(faltantes);
    if (list.length === 0) return;
    fetchBorradores(list)
      .then((drafts) => {
        setBorradores(drafts);
        if (drafts[0]) void loadBorrador(drafts[0]);
      })
      .catch((error: unknown) => {
        console.error("No se pudieron preparar los borradores", error);
        show({ type: "error", message: "No se pudieron preparar los borradores de OC para los faltantes." });
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [faltantes]);

  const loadBorrador = async (d: Borrador) => {
    setItems(
      d.items.map((it) => ({
        key: nextKey.current++,
        codigo: it.codigo,
        producto: it.producto,
        cantidad: String(it.cantidad),
        precio_unitario: String(it.precio_unitario),
        unidad: it.unidad,
      })),
    );
    const obras = [...new Set(d.items.flatMap((it) => it.obras.map((o) => `${o.numero_presupuesto} (${o.nombre_obra ?? o.cliente_nombre})`)))];
    setComentario(obras.length ? `Faltantes para: ${obras.join(", ")}` : "");
    if (d.proveedor) {
      setProveedorText(d.proveedor);
      const found = (await suggestProveedores(d.proveedor).catch(() => [])).find((p) => p.id === d.proveedor_id) ?? null;
      setProveedor(found);
    } else {
      setProveedorText("");
      setProveedor(null);
    }
  };

  // Client → its quotes.
  useEffect(() => {
    setPresupuestoId(null);
    setPresupuestos([]);
    if (!cliente) return;
    let live = true;
    void listPresupuestosDeCliente(cliente.id).then((list) => {
      if (live) setPresupuestos(list);
    });
    return () => {
      live = false;
    };
  }, [cliente]);

  const presupuesto = presupuestos.find((p) => p.id === presupuestoId) ?? null;
  const totals = useMemo(() => orderTotals(items.map((i) => ({ cantidad: numericTextValue(i.cantidad), precio_unitario: numericTextValue(i.precio_unitario) }))), [items]);
  const draft = { cliente_id: cliente?.id ?? null, numero_presupuesto: presupuesto?.numero ?? null, proveedor: proveedorText, realizado_por: realizadoPor, items };
  const canSave = canSaveOrder(draft) && !saving;

  /** Code/product picked in the catalogue: fill the price when it is missing. */
  const onPick = (patch: { codigo?: string; producto?: string }) => {
    setEntry((e) => ({ ...e, ...patch }));
    if (patch.codigo !== undefined && patch.producto !== undefined) {
      const codigo = patch.codigo;
      void getPrecioMaterial(codigo).then((precio) => {
        if (precio !== null && entryRef.current.codigo === codigo && entryRef.current.precio_unitario === "") {
          setEntry((e) => ({ ...e, precio_unitario: String(precio) }));
        }
      });
    }
  };

  const pushEntry = () => {
    const e = entryRef.current;
    setItems((list) => [...list, { key: nextKey.current++, ...e, codigo: e.codigo.trim(), producto: e.producto.trim() }]);
    setEntry(EMPTY_ENTRY);
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
      const [byCode, byName] = await Promise.all([suggestMateriales(entry.codigo.trim()), suggestMateriales(entry.producto.trim())]);
      const check = newProductCheck([...byCode, ...byName], entry);
      if (check.kind === "duplicate-name") {
        show({ type: "warning", message: check.message });
        return;
      }
      if (check.kind === "confirm-create") {
        if (!window.confirm(check.message)) return;
        try {
          await createMaterial({ codigo: entry.codigo.trim(), producto: entry.producto.trim(), precio_unitario: numericTextValue(entry.precio_unitario) ?? 0, unidad: entry.unidad });
        } catch (err) {
          console.error(MSG_MATERIAL_ERROR_CREAR, err);
          window.alert(MSG_MATERIAL_ERROR_CREAR);
          return;
        }
      }
      clear();
      pushEntry();
    } catch (err) {
      console.error("No se pudo verificar el material", err);
      window.alert(MSG_MATERIAL_ERROR_CREAR);
    } finally {
      setAdding(false);
    }
  };

  const pdfData = (n: number | string) => ({
    numero_oc: n,
    fecha,
    proveedor: proveedor ?? { proveedor: proveedorText },
    realizado_por: realizadoPor,
    cliente_nombre: cliente?.nombre ?? null,
    numero_presupuesto: presupuesto?.numero ?? null,
    observacion: presupuesto?.nombre_obra ?? null,
    comentario,
    items: items.map((i) => ({ ...i, cantidad: numericTextValue(i.cantidad), precio_unitario: numericTextValue(i.precio_unitario) })),
  });

  const generarPdf = async (n: number | string = numero) => {
    try {
      await downloadOcPdf(pdfData(n));
    } catch (error) {
      console.error("No se pudo generar el PDF", error);
      show({ type: "error", message: "No se pudo generar el PDF." });
    }
  };

  const startOver = () => {
    setItems([]);
    setEntry(EMPTY_ENTRY);
    setComentario("");
    setProveedorText("");
    setProveedor(null);
    setCliente(null);
    setBorradores([]);
    setFecha(todayInSantiago());
    void loadNumber();
  };

  const save = async () => {
    if (saving) return;
    const known = proveedor ? [proveedor] : await suggestProveedores(proveedorText.trim()).catch(() => []);
    const error = saveOrderError(draft, known);
    if (error) {
      window.alert(error);
      return;
    }
    setSaving(true);
    try {
      const saved = await createOrdenCompra({
        numero_oc: numericTextValue(numero) ?? undefined,
        proveedor: proveedorText,
        fecha,
        realizado_por: realizadoPor,
        comentario,
        cliente_id: cliente!.id,
        numero_presupuesto: presupuesto!.numero,
        presupuesto_id: presupuesto!.id,
        items: items.map((i) => ({ codigo: i.codigo, producto: i.producto, cantidad: numericTextValue(i.cantidad), precio_unitario: numericTextValue(i.precio_unitario), unidad: i.unidad, total: itemNet({ cantidad: numericTextValue(i.cantidad), precio_unitario: numericTextValue(i.precio_unitario) }) })),
      });
      window.alert(MSG_OC_GUARDADA(saved.numero_oc));
      show({ type: "success", message: MSG_OC_GUARDADA(saved.numero_oc) });
      await generarPdf(saved.numero_oc);
      startOver();
    } catch (err) {
      console.error(MSG_OC_ERROR_GUARDAR, err);
      window.alert(MSG_OC_ERROR_GUARDAR);
    } finally {
      setSaving(false);
    }
  };

  const numeric = (field: "cantidad" | "precio_unitario") => (ev: React.ChangeEvent<HTMLInputElement>) => {
    const value = filterNumericText(ev.target.value, field === "cantidad" ? QTY_DECIMALS : undefined);
    setEntry((e) => ({ ...e, [field]: value }));
  };

  return (
    <Page title="Crear Orden de Compra" banner={banner} onCloseBanner={clear}>
      {borradores.length > 1 && (
        <Alert
          type="info"
          showIcon
          message="Borradores para los faltantes, por último proveedor"
          description={
            <Space wrap>
              {borradores.map((d, i) => (
                <Button key={d.proveedor_id ?? `sin-${i}`} size="small" onClick={() => void loadBorrador(d)}>
                  {`${d.proveedor ?? "Sin proveedor previo"} (${d.items.length})`}
                </Button>
              ))}
            </Space>
          }
        />
      )}
      <Card title="Datos de la orden">
        <Form layout="vertical" component="div">
          <div className="vt-grid">
            <Form.Item className="span-3" label="N° OC" htmlFor="oc-numero">
              <Input id="oc-numero" value={numero} inputMode="numeric" onChange={(e) => setNumero(e.target.value.replace(/\D/g, ""))} />
            </Form.Item>
            <Form.Item className="span-6" label="Proveedor" htmlFor="oc-proveedor" help={proveedor?.rut ? `RUT: ${proveedor.rut}` : proveedor ? "RUT: sin RUT" : undefined}>
              <ProveedorAutoComplete
                id="oc-proveedor"
                text={proveedorText}
                selected={proveedor}
                onChange={(text, p) => {
                  setProveedorText(text);
                  setProveedor(p);
                }}
              />
            </Form.Item>
            <Form.Item className="span-3" label="Fecha" htmlFor="oc-fecha">
              <DateField id="oc-fecha" value={fecha} onChange={(v) => setFecha(v ?? "")} />
            </Form.Item>
            <Form.Item className="span-6" label="Realizado por" htmlFor="oc-realizado">
              <Input id="oc-realizado" value={realizadoPor} maxLength={200} onChange={(e) => setRealizadoPor(e.target.value)} />
            </Form.Item>
            <Form.Item className="span-6" label="Nuevo producto" htmlFor="oc-nuevo">
              <Switch id="oc-nuevo" checked={nuevoProducto} onChange={setNuevoProducto} checkedChildren="Sí" unCheckedChildren="No" />
            </Form.Item>
          </div>
        </Form>
      </Card>

      <Card title="Ítems">
        <Form layout="vertical" component="div">
          <div className="vt-grid">
            {nuevoProducto ? (
              <>
                <Form.Item className="span-3" label="Código" htmlFor="oc-codigo">
                  <Input id="oc-codigo" value={entry.codigo} maxLength={50} onChange={(e) => setEntry((x) => ({ ...x, codigo: e.target.value }))} />
                </Form.Item>
                <Form.Item className="span-6" label="Producto" htmlFor="oc-producto">
                  <Input id="oc-producto" value={entry.producto} maxLength={200} onChange={(e) => setEntry((x) => ({ ...x, producto: e.target.value }))} />
                </Form.Item>
              </>
            ) : (
              <MaterialPickers value={entry} onChange={onPick} codeId="oc-codigo" productId="oc-producto" codeClass="span-3" productClass="span-6" />
            )}
            <Form.Item className="span-3" label="Unidad" htmlFor="oc-unidad">
              <Input id="oc-unidad" value={entry.unidad} maxLength={20} onChange={(e) => setEntry((x) => ({ ...x, unidad: e.target.value }))} />
            </Form.Item>
            <Form.Item className="span-3" label="Cantidad" htmlFor="oc-cantidad">
              <Input id="oc-cantidad" inputMode="decimal" value={entry.cantidad} onChange={numeric("cantidad")} />
            </Form.Item>
            <Form.Item className="span-3" label="Precio neto" htmlFor="oc-precio">
              <Input id="oc-precio" inputMode="decimal" value={entry.precio_unitario} onChange={numeric("precio_unitario")} />
            </Form.Item>
            <Form.Item className="span-6" label=" ">
              <Button onClick={() => void addItem()} loading={adding}>
                Agregar ítem
              </Button>
            </Form.Item>
          </div>
        </Form>
        <Table<Line>
          rowKey="key"
          size="small"
          dataSource={items}
          pagination={false}
          scroll={{ x: "max-content" }}
          locale={{ emptyText: "Sin ítems" }}
          aria-label="Ítems de la orden"
        >
          <Table.Column<Line> dataIndex="codigo" title="Código" />
          <Table.Column<Line> dataIndex="producto" title="Producto" />
          <Table.Column<Line> title="Cantidad" align="right" render={(_, l) => `${formatNumber(numericTextValue(l.cantidad))} ${l.unidad}`} />
          <Table.Column<Line> title="Precio neto" align="right" render={(_, l) => formatCLP(numericTextValue(l.precio_unitario))} />
          <Table.Column<Line> title="Total" align="right" render={(_, l) => formatCLP(itemNet({ cantidad: numericTextValue(l.cantidad), precio_unitario: numericTextValue(l.precio_unitario) }))} />
          <Table.Column<Line>
            title=""
            render={(_, l) => (
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Quitar ${l.codigo}`} onClick={() => setItems((list) => list.filter((x) => x.key !== l.key))} />
            )}
          />
        </Table>
        <OrderTotalsView totals={totals} />
      </Card>

      <Card title="Cliente y presupuesto">
        <Form layout="vertical" component="div">
          <div className="vt-grid">
            <Form.Item className="span-6" label="Cliente" htmlFor="oc-cliente">
              <ClientSelect id="oc-cliente" value={cliente?.id ?? null} current={cliente} onChange={(_, c) => setCliente(c)} placeholder="Buscar cliente" />
            </Form.Item>
            <Form.Item className="span-6" label="Presupuesto" htmlFor="oc-presupuesto">
              <Select<number>
                id="oc-presupuesto"
                value={presupuestoId ?? undefined}
                onChange={(v) => setPresupuestoId(v ?? null)}
                placeholder={cliente ? "Seleccione un presupuesto" : "Primero elija un cliente"}
                disabled={!cliente}
                allowClear
                options={presupuestos.map((p) => ({ value: p.id, label: `${p.numero}${p.nombre_obra ? ` - ${p.nombre_obra}` : ""}` }))}
              />
            </Form.Item>
            <Form.Item className="span-12" label="Comentario" htmlFor="oc-comentario">
              <Input.TextArea id="oc-comentario" value={comentario} maxLength={2000} autoSize={{ minRows: 2 }} onChange={(e) => setComentario(e.target.value)} />
            </Form.Item>
          </div>
        </Form>
        <div className="vt-actions vt-actions--end">
          <Button onClick={() => void generarPdf()} disabled={items.length === 0}>
            Generar PDF
          </Button>
          <Button type="primary" onClick={() => void save()} disabled={!canSave} loading={saving}>
            Guardar Orden de Compra
          </Button>
        </div>
      </Card>
    </Page>
  );
}
