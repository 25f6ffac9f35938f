// "Crear Orden de Compra" (/CrearOCPage, specification 2.6 item 1, 4, 5, 8, 9): number
// prefilled (ultima_oc + 1), supplier search with its RUT, date (today), made-by, the "new
// product" switch, the entry row (code, product, quantity, net price; numbers only, comma
// decimals), the item table with remove, net / IVA 19% / total, client search, budget,
// comment, "Guardar Orden de Compra" (enabled only when complete) and "Generar PDF".
// After a save: the alert, the PDF, and the screen starts over with the next number.
// With ?faltantes=CODIGO:CANTIDAD,... (the inventory's Faltantes view) the server's draft
// orders (grouped by each product's last supplier) are offered and the first is loaded.
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useGetIdentity } from "@refinedev/core";
import { Alert, Button, Card, Form, Input, Select, Space, Switch } from "antd";
import { createOrdenCompra, getUltimaOc, suggestProveedores, type Borrador, type ProveedorSugerido } from "../api";
import { listPresupuestosDeCliente } from "../../sales/api";
import { useApiQuery, useWrite } from "../../../data/query";
import { Page } from "../../../components/Page";
import { useBanner } from "../../../components/useBanner";
import { todayInSantiago } from "../../../domain/dates/dates";
import { MSG_OC_ERROR_GUARDAR, MSG_OC_GUARDADA, canSaveOrder, nextOrderNumber, saveOrderError } from "../../../domain/purchasing";
import { downloadOcPdf } from "../pdf/download-oc";
import { ClientSelect, type ClienteRef } from "../../sales/clientes/ClientSelect";
import { ProveedorAutoComplete } from "../ordenes-compra/ProveedorAutoComplete";
import "../ordenes-compra/ordenes-compra.css";
import { DateField } from "../../../components/DateField";
import type { SessionUser } from "../../../providers/session";
import { ItemsCard } from "./ItemsCard";
import { orderBody, orderPdfData, type OrderValues } from "./order";
import { draftValues, useBorradores } from "./useBorradores";
import { useOrderItems } from "./useOrderItems";
import { salesKeys } from "../../sales/keys";
import { orderWrites, purchasingKeys } from "../keys";

export default function CrearOCPage() {
  const [params] = useSearchParams();
  const { banner, show, clear } = useBanner();
  // The number is ultima_oc + 1 until the person types another.
  const lastOrder = useApiQuery(purchasingKeys.lastOrder(), getUltimaOc, { failMessage: "No se pudo obtener el último número de OC" });
  const [typedNumero, setNumero] = useState<string | null>(null);
  const numero = typedNumero ?? (lastOrder.current === null ? "" : String(nextOrderNumber(lastOrder.current)));
  const [proveedorText, setProveedorText] = useState("");
  const [proveedor, setProveedor] = useState<ProveedorSugerido | null>(null);
  const [fecha, setFecha] = useState(todayInSantiago());
  const [realizadoPor, setRealizadoPor] = useState("");
  // "Realizado por" starts as the signed-in user's name (still editable).
  const { data: user } = useGetIdentity<SessionUser | null>();
  useEffect(() => {
    if (user?.nombre) setRealizadoPor((v) => v || user.nombre);
  }, [user?.nombre]);
  const order = useOrderItems(show, clear);
  const write = useWrite();
  const [cliente, setCliente] = useState<ClienteRef | null>(null);
  const [presupuestoId, setPresupuestoId] = useState<number | null>(null);
  const [comentario, setComentario] = useState("");
  const [saving, setSaving] = useState(false);

  const loadBorrador = async (d: Borrador) => {
    const v = await draftValues(d);
    order.setLines(v.lines);
    setComentario(v.comentario);
    setProveedorText(v.proveedorText);
    setProveedor(v.proveedor);
  };
  const { borradores, clearBorradores } = useBorradores(
    params.get("faltantes"),
    (d) => void loadBorrador(d),
    () => show({ type: "error", message: "No se pudieron preparar los borradores de OC para los faltantes." }),
  );

  // Client → its quotes.
  const presupuestos = useApiQuery(salesKeys.quotesOfClient(cliente?.id ?? null), () => listPresupuestosDeCliente(cliente!.id), { failMessage: "No se pudieron cargar los presupuestos del cliente", enabled: cliente !== null }).current ?? [];
  const presupuesto = presupuestos.find((p) => p.id === presupuestoId) ?? null;
  const values: OrderValues = { numero, proveedorText, proveedor, fecha, realizadoPor, comentario, cliente, presupuesto, items: order.items };
  const draft = { cliente_id: cliente?.id ?? null, numero_presupuesto: presupuesto?.numero ?? null, proveedor: proveedorText, realizado_por: realizadoPor, items: order.items };
  const canSave = canSaveOrder(draft) && !saving;

  const generarPdf = async (n: number | string = numero) => {
    try {
      await downloadOcPdf(orderPdfData(values, n));
    } catch (error) {
      console.error("No se pudo generar el PDF", error);
      show({ type: "error", message: "No se pudo generar el PDF." });
    }
  };

  const startOver = () => {
    order.reset();
    setComentario("");
    setProveedorText("");
    setProveedor(null);
    setCliente(null);
    setPresupuestoId(null);
    clearBorradores();
    setFecha(todayInSantiago());
    setNumero(null); // the next number: the save's write read the last one again
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
      const saved = await write(() => createOrdenCompra(orderBody(values)), { invalidates: orderWrites });
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
              <Switch id="oc-nuevo" checked={order.nuevoProducto} onChange={order.setNuevoProducto} checkedChildren="Sí" unCheckedChildren="No" />
            </Form.Item>
          </div>
        </Form>
      </Card>

      <ItemsCard order={order} />

      <Card title="Cliente y presupuesto">
        <Form layout="vertical" component="div">
          <div className="vt-grid">
            <Form.Item className="span-6" label="Cliente" htmlFor="oc-cliente">
              <ClientSelect id="oc-cliente" value={cliente?.id ?? null} current={cliente} onChange={(_, c) => {
                  setCliente(c);
                  setPresupuestoId(null);
                }} placeholder="Buscar cliente" />
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
          <Button onClick={() => void generarPdf()} disabled={order.items.length === 0}>
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
