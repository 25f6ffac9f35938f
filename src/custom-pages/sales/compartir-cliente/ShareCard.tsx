// "Compartir con el cliente" on a quote's page (issue 34): make a link (its URL is shown
// once: only its hash is kept), share it ("Copiar enlace", "WhatsApp" to the client's
// phone, "Correo"), and the quote's links with their state, author and acceptance;
// "Anular" revokes one. Ventas, Gerencia and the privileged roles (the server decides).
import { useState } from "react";
import { Alert, App, Button, Card, List, Popconfirm, Space, Tag, Typography } from "antd";
import { CopyOutlined, LinkOutlined, MailOutlined, WhatsAppOutlined } from "@ant-design/icons";
import { createEnlace, fetchEnlaces, revokeEnlace, type EnlaceCreado, type EnlaceRow } from "../enlaces-api";
import { useApiQuery, useWrite } from "../../../data/query";
import { salesKeys } from "../keys";
import { toHttpError } from "../../../providers/http";
import { formatDate, formatDateTime } from "../../../domain/format";
import { correoUrl, ESTADO_ENLACE_LABELS, hashCorto, mensajeCompartir, whatsappUrl, type EstadoEnlace } from "../../../domain/sales/enlaces";

const ESTADO_COLOR: Record<EstadoEnlace, string> = { vigente: "blue", vencido: "default", revocado: "red", aceptado: "green" };

export interface ShareQuote {
  id: number;
  numero: string;
  nombre_obra: string | null;
}

export function useEnlaces(presupuestoId: number | undefined) {
  const q = useApiQuery(salesKeys.quoteLinks(presupuestoId), () => fetchEnlaces(presupuestoId!), { failMessage: "No se pudieron cargar los enlaces", enabled: presupuestoId !== undefined });
  return { enlaces: q.current ?? [], loading: q.loading };
}

function LinkLine({ l, onRevoke, busy }: { l: EnlaceRow; onRevoke: () => void; busy: boolean }) {
  const estado = l.estado as EstadoEnlace;
  return (
    <List.Item
      actions={
        estado === "vigente" || estado === "vencido"
          ? [
              <Popconfirm key="anular" title="¿Anular este enlace?" description="El cliente ya no podrá abrirlo." okText="Anular" cancelText="Cancelar" onConfirm={onRevoke}>
                <Button size="small" danger loading={busy}>
                  Anular
                </Button>
              </Popconfirm>,
            ]
          : []
      }
    >
      <List.Item.Meta
        title={
          <Space wrap size={4}>
            <Tag color={ESTADO_COLOR[estado]}>{ESTADO_ENLACE_LABELS[estado]}</Tag>
            <span className="vt-nowrap">Creado el {formatDateTime(l.creado_en)}</span>
          </Space>
        }
        description={
          <>
            <div>
              {l.creado_por_nombre ? `Por ${l.creado_por_nombre}` : "Autor desconocido"} · vence el {formatDate(String(l.vence_en))}
              {l.revocado_en ? ` · anulado${l.revocado_por_nombre ? ` por ${l.revocado_por_nombre}` : ""} el ${formatDateTime(l.revocado_en)}` : ""}
            </div>
            {l.aceptacion && (
              <div>
                Aceptado por el cliente el {formatDateTime(l.aceptacion.aceptado_en)}: {l.aceptacion.nombre} (RUT {l.aceptacion.rut}) · versión {hashCorto(l.aceptacion.hash)}
              </div>
            )}
            {l.rechazado_en && (
              <div>
                Rechazado el {formatDateTime(l.rechazado_en)}
                {l.motivo_rechazo ? `: «${l.motivo_rechazo}»` : ""}
              </div>
            )}
          </>
        }
      />
    </List.Item>
  );
}

export function ShareCard({ quote, empresa, cliente }: { quote: ShareQuote; empresa: string; cliente: { telefono?: string | null; correo?: string | null } }) {
  const { message } = App.useApp();
  const { enlaces, loading } = useEnlaces(quote.id);
  const [created, setCreated] = useState<EnlaceCreado | null>(null);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<number | null>(null);
  const write = useWrite();
  const links = { invalidates: [salesKeys.quoteLinks(quote.id)] };

  const make = async () => {
    setCreating(true);
    try {
      const enlace = await write(() => createEnlace(quote.id), links);
      setCreated(enlace);
    } catch (e) {
      void message.error(toHttpError(e).message || "No se pudo crear el enlace.");
    } finally {
      setCreating(false);
    }
  };
  const doRevoke = async (id: number) => {
    setRevoking(id);
    try {
      await write(() => revokeEnlace(quote.id, id), links);
      void message.success("Enlace anulado.");
    } catch (e) {
      void message.error(toHttpError(e).message || "No se pudo anular el enlace.");
    } finally {
      setRevoking(null);
    }
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      void message.success("Enlace copiado.");
    } catch {
      void message.info("Seleccione el enlace y cópielo.");
    }
  };

  const texto = created ? mensajeCompartir(quote, created.url, empresa) : "";
  const accepted = enlaces.some((l) => l.aceptacion);

  return (
    <Card title="Compartir con el cliente" size="small" style={{ marginTop: 16 }}>
      <p className="vt-hint" style={{ marginTop: 0 }}>
        El cliente abre el enlace en su teléfono, revisa el presupuesto con sus dibujos y lo acepta con su firma. El enlace se muestra solo al crearlo.
      </p>
      {!accepted && (
        <Button type="primary" icon={<LinkOutlined />} onClick={() => void make()} loading={creating}>
          Crear enlace
        </Button>
      )}
      {created && (
        <Alert
          style={{ marginTop: 12 }}
          type="success"
          showIcon
          message={`Enlace creado: vence el ${formatDate(String(created.vence))}`}
          description={
            <>
              <Typography.Paragraph copyable={false} style={{ wordBreak: "break-all", marginBottom: 8 }} aria-label="Enlace para el cliente">
                {created.url}
              </Typography.Paragraph>
              <Space wrap>
                <Button icon={<CopyOutlined />} onClick={() => void copy(created.url)}>
                  Copiar enlace
                </Button>
                <Button icon={<WhatsAppOutlined />} href={whatsappUrl(texto, cliente.telefono)} target="_blank" rel="noopener noreferrer">
                  WhatsApp
                </Button>
                <Button icon={<MailOutlined />} href={correoUrl(quote, texto, cliente.correo)}>
                  Correo
                </Button>
              </Space>
            </>
          }
        />
      )}
      <List<EnlaceRow>
        style={{ marginTop: 8 }}
        size="small"
        loading={loading}
        dataSource={enlaces}
        locale={{ emptyText: "Aún no hay enlaces para este presupuesto." }}
        renderItem={(l) => <LinkLine l={l} busy={revoking === l.id} onRevoke={() => void doRevoke(l.id)} />}
      />
    </Card>
  );
}
