// "Solicitud de materiales a OT" (/CrearSolicitudBodegaPage), specification 2.6 item 7, 5
// and 8: code and product (pickers that fill each other), quantity (minimum 1) and
// requester; "Agregar a la lista" adds the item only when all are present (the missing
// fields are marked); "Enviar solicitud" posts one request per item (POST api/solicitudes,
// each with its own Idempotency-Key kept until it is saved, so a retry never doubles one).
// Items the server refused stay in the list.
import { useId, useRef, useState } from "react";
import { Alert, Button, Card, Form, Input, Table } from "antd";
import { DeleteOutlined } from "@ant-design/icons";
import { createSolicitud } from "../api";
import { inventoryKeys } from "../keys";
import { useWrite } from "../../../data/query";
import { MSG_SOLICITUD_ERROR, MSG_SOLICITUD_OK, solicitudItem, type SolicitudField, type SolicitudItem } from "../../../domain/inventory";
import { formatNumber } from "../../../domain/format";
import { Page } from "../../../components/Page";
import { useBanner } from "../../../components/useBanner";
import { newIdempotencyKey } from "../../../providers/http";
import { getStoredName } from "../../../providers/session";
import { MaterialPickers, type MaterialValue } from "../materiales/MaterialPickers";

interface Line extends SolicitudItem {
  key: string;
}

export default function CrearSolicitudBodegaPage() {
  const ids = { code: useId(), product: useId(), qty: useId(), who: useId() };
  const [material, setMaterial] = useState<MaterialValue>({ codigo: "", producto: "" });
  const [qtyText, setQtyText] = useState("");
  const [solicitante, setSolicitante] = useState(() => getStoredName() ?? "");
  const [missing, setMissing] = useState<ReadonlySet<SolicitudField>>(new Set());
  const [lines, setLines] = useState<Line[]>([]);
  const [sending, setSending] = useState(false);
  const write = useWrite();
  const { banner, show, clear } = useBanner();
  const sendingRef = useRef(false);

  const add = () => {
    const check = solicitudItem({ codigo: material.codigo, producto: material.producto, cantidad: qtyText, solicitante });
    if (!check.ok) {
      setMissing(new Set(check.fields));
      return;
    }
    setMissing(new Set());
    setLines((l) => [...l, { ...check.item, key: newIdempotencyKey() }]);
    setMaterial({ codigo: "", producto: "" });
    setQtyText("");
  };

  const send = async () => {
    if (sendingRef.current || lines.length === 0) return;
    sendingRef.current = true;
    setSending(true);
    clear();
    const failed: Line[] = [];
    // Each line on its own (a refused one stays on screen); then Bodega's list is read again.
    const sendLines = async () => {
      for (const line of lines) {
        try {
          await createSolicitud({ codigo: line.codigo, producto: line.producto, cantidad: line.cantidad, solicitante: line.solicitante }, line.key);
        } catch (error) {
          console.error("No se pudo guardar la solicitud", error);
          failed.push(line);
        }
      }
    };
    await write(sendLines, { invalidates: [inventoryKeys.solicitudes()] });
    setLines(failed);
    show(failed.length === 0 ? { type: "success", message: MSG_SOLICITUD_OK } : { type: "error", message: MSG_SOLICITUD_ERROR });
    sendingRef.current = false;
    setSending(false);
  };

  const mark = (field: SolicitudField) => (missing.has(field) ? ("error" as const) : undefined);

  return (
    <Page title="Solicitud de materiales a OT" subtitle="Pida a bodega los materiales que necesita; cada ítem queda Pendiente hasta que Adquisiciones lo apruebe." banner={banner} onCloseBanner={clear}>
      <Card size="small" title="Agregar ítem">
        <Form layout="vertical" component="div">
          <div className="vt-grid">
            <MaterialPickers
              value={material}
              onChange={(patch) => {
                setMaterial((m) => ({ ...m, ...patch }));
                setMissing(new Set());
              }}
              disabled={sending}
              codeId={ids.code}
              productId={ids.product}
              codeClass="span-3"
              productClass="span-6"
            />
            <Form.Item className="span-3" label="Cantidad" htmlFor={ids.qty} validateStatus={mark("cantidad")} help={missing.has("cantidad") ? "Mínimo 1" : undefined}>
              <Input id={ids.qty} inputMode="decimal" value={qtyText} disabled={sending} onChange={(e) => setQtyText(e.target.value)} onPressEnter={add} />
            </Form.Item>
            <Form.Item className="span-6" label="Solicitante" htmlFor={ids.who} validateStatus={mark("solicitante")}>
              <Input id={ids.who} value={solicitante} maxLength={200} disabled={sending} onChange={(e) => setSolicitante(e.target.value)} />
            </Form.Item>
          </div>
        </Form>
        {(missing.has("codigo") || missing.has("producto")) && <Alert type="warning" showIcon message="Indique código y producto." style={{ marginBottom: 8 }} />}
        <div className="vt-actions">
          <Button onClick={add} disabled={sending}>
            Agregar a la lista
          </Button>
        </div>
      </Card>

      <Card size="small" title={`Ítems de la solicitud${lines.length ? ` (${lines.length})` : ""}`}>
        <Table<Line>
          rowKey="key"
          size="small"
          aria-label="Ítems de la solicitud"
          pagination={false}
          dataSource={lines}
          scroll={{ x: 560 }}
          locale={{ emptyText: "Aún no hay ítems en la solicitud." }}
          columns={[
            { title: "Código", dataIndex: "codigo", key: "codigo", width: 90 },
            { title: "Producto", dataIndex: "producto", key: "producto" },
            { title: "Cantidad", dataIndex: "cantidad", key: "cantidad", width: 90, align: "right", render: (v: number) => <span className="vt-num">{formatNumber(v, 4)}</span> },
            { title: "Solicitante", dataIndex: "solicitante", key: "solicitante" },
            {
              title: "",
              key: "quitar",
              fixed: "right",
              className: "vt-actions-cell",
              width: 60,
              render: (_, l) => <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Quitar ${l.codigo}`} disabled={sending} onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))} />,
            },
          ]}
        />
        <div className="vt-actions" style={{ marginTop: 12 }}>
          <Button type="primary" loading={sending} disabled={sending || lines.length === 0} onClick={() => void send()}>
            Enviar solicitud
          </Button>
        </div>
      </Card>
    </Page>
  );
}
