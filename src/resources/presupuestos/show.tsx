// Ventas → Presupuestos → Detalle: the quote, its items with UTV and line totals, the
// net / IVA 19% / total (domain money functions), each item's drawing and "Descargar PDF".
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { EditButton, Show } from "@refinedev/antd";
import { useOne, useShow } from "@refinedev/core";
import { Alert, App, Button, Card, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { moneyColumn, numberColumn, scrollX, textColumn, NOWRAP } from "../../components/columns";
import { DownloadOutlined } from "@ant-design/icons";
import { formatCLP, formatDate, formatNumber } from "../../domain/format";
import { lineTotal } from "../../domain/money";
import { cantidadEfectiva, quoteUtvTotals } from "../../domain/sales";
import { useApiQuery } from "../../data/query";
import { toHttpError } from "../../providers/http";
import { fetchItems, type Cliente, type ItemPresupuesto, type Presupuesto } from "../../custom-pages/sales/api";
import { quoteDocumentTotals, type QuoteContent } from "../../custom-pages/sales/pdf/quote-data";
import { downloadQuotePdf } from "../../custom-pages/sales/pdf/download-quote";
import { Fact, Facts } from "../../components/Facts";
import { PageTitle } from "../../components/PageTitle";
import { ItemTotalsRow } from "../../custom-pages/sales/presupuestos/ItemTotalsRow";
import { WithHistory } from "../../custom-pages/platform/auditoria/WithHistory";
import { linkTo, recordLink } from "../../custom-pages/screens";
import { salesKeys } from "../../custom-pages/sales/keys";
import { ShareCard, useEnlaces } from "../../custom-pages/sales/compartir-cliente/ShareCard";
import { getEmpresa } from "../../custom-pages/platform/api/empresa";
import { ItemDrawings } from "../../components/elevation/ItemDrawings";

function cuadrosText(n: number): string {
  return `${formatNumber(n)} ${n === 1 ? "cuadro adicional" : "cuadros adicionales"}`;
}


/** The quote's items: what each window is and its figures, which never wrap. */
const itemColumns: ColumnsType<ItemPresupuesto> = [
  { title: "Ítem", dataIndex: "item", width: 56, render: (v: string | null) => v || "—" },
  textColumn<ItemPresupuesto>({ title: "Recinto", dataIndex: "recinto", width: 92 }),
  {
    title: "Medidas (mm)",
    key: "medidas",
    width: 108,
    className: NOWRAP,
    render: (_, it) => `${formatNumber(it.ancho) || "?"} × ${formatNumber(it.alto) || "?"}`,
  },
  {
    title: "Tipo y apertura",
    key: "tipo",
    width: 160,
    render: (_, it) => (
      <>
        {it.tipo_ventana} · {it.tipo_apertura}
        {(it.grada_buque || (it.adicional && !it.observaciones) || it.observaciones) && (
          <div className="vt-muted" style={{ fontSize: 12 }}>
            {[
              it.grada_buque ? "Grada buque" : null,
              it.adicional && !it.observaciones ? cuadrosText(it.cuadros_adicionales) : null,
              it.observaciones ? `Obs.: ${it.texto_observaciones ?? ""}` : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </div>
        )}
      </>
    ),
  },
  numberColumn<ItemPresupuesto>({ title: "Cantidad", dataIndex: "cantidad", width: 72, render: (v: number | null) => formatNumber(cantidadEfectiva(v)) }),
  moneyColumn<ItemPresupuesto>({ title: "Precio unitario", dataIndex: "precio_unitario", width: 104, render: (v: number | null) => formatCLP(v ?? 0) }),
  numberColumn<ItemPresupuesto>({ title: "UTV", dataIndex: "utv", width: 56, render: (v: number) => formatNumber(v) }),
  moneyColumn<ItemPresupuesto>({ title: "Monto UTV", dataIndex: "utv_monto", width: 104 }),
  moneyColumn<ItemPresupuesto>({ title: "Total línea", key: "total", width: 120, render: (_: unknown, it: ItemPresupuesto) => formatCLP(lineTotal(it.cantidad, it.precio_unitario)) }),
];

function useItems(presupuestoId: number | undefined) {
  const q = useApiQuery(salesKeys.quoteItems(presupuestoId ?? null), () => fetchItems(presupuestoId!), {
    failMessage: "No se pudieron cargar los ítems",
    enabled: presupuestoId !== undefined,
  });
  return { items: q.current ?? [], loading: q.loading, error: q.failed ? toHttpError(q.error).message : null };
}

export default function PresupuestosShow() {
  const { message } = App.useApp();
  const { query, result: p } = useShow<Presupuesto>({ resource: "presupuestos" });
  const { result: cliente } = useOne<Cliente>({
    resource: "clientes",
    id: p?.cliente_id ?? "",
    queryOptions: { enabled: p?.cliente_id !== undefined },
  });
  const { items, loading, error } = useItems(p?.id);
  const { enlaces } = useEnlaces(p?.id);
  const aceptacion = enlaces.find((l) => l.aceptacion)?.aceptacion ?? null;
  const empresa = useApiQuery(["empresa"], getEmpresa, { failMessage: "No se pudieron cargar los datos de la empresa" }).current;
  const [downloading, setDownloading] = useState(false);

  const pdfData: QuoteContent | null = p
    ? {
        presupuesto: {
          numero: p.numero,
          fecha: p.fecha,
          nombre_obra: p.nombre_obra,
          direccion: p.direccion,
          observacion: p.observacion,
          total_neto_presupuestado: p.total_neto_presupuestado,
        },
        cliente: {
          nombre: cliente?.nombre ?? p.cliente_nombre,
          rut: cliente?.rut ?? p.cliente_rut,
          direccion: cliente?.direccion ?? null,
          telefono: cliente?.telefono ?? null,
          correo: cliente?.correo ?? null,
        },
        items,
        aceptacion: aceptacion ? { ...aceptacion, aceptado_en: String(aceptacion.aceptado_en) } : null,
      }
    : null;
  const totals = pdfData ? quoteDocumentTotals(pdfData) : { neto: 0, iva: 0, total: 0 };
  const utvTotal = useMemo(() => quoteUtvTotals(items), [items]);

  const download = async () => {
    if (!p || !pdfData || downloading) return;
    setDownloading(true);
    try {
      await downloadQuotePdf(p.id, pdfData);
    } catch (e) {
      console.error("No se pudo generar el PDF", e);
      void message.error("No se pudo generar el PDF.");
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Show
      title={<PageTitle>{p ? `Presupuesto #${p.numero}` : "Presupuesto"}</PageTitle>}
      isLoading={query.isLoading}
      canDelete={false}
      breadcrumb={false}
      headerButtons={
        <>
          <EditButton recordItemId={p?.id}>Editar</EditButton>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            onClick={() => void download()}
            loading={downloading}
            disabled={!p || loading || downloading}
          >
            Descargar PDF
          </Button>
        </>
      }
    >
      {p && (
        <WithHistory entidad="presupuestos" entidadId={p.id}>
        <div className="vt-page" style={{ maxWidth: "none" }}>
          <Facts>
            <Fact label="Cliente">
              <Link to={recordLink("clientes", p.cliente_id)}>{p.cliente_nombre}</Link>
            </Fact>
            <Fact label="RUT">{p.cliente_rut}</Fact>
            <Fact label="Fecha">{formatDate(p.fecha)}</Fact>
            <Fact label="Obra">{p.nombre_obra}</Fact>
            <Fact label="Dirección">{p.direccion}</Fact>
            <Fact label="Neto presupuestado">{formatCLP(p.total_neto_presupuestado)}</Fact>
            <Fact label="Observaciones">{p.observacion}</Fact>
            {p.aceptado_fecha && <Fact label="Estado">Aceptado por el cliente el {formatDate(p.aceptado_fecha)}</Fact>}
          </Facts>

          <Card
            title="Ítems"
            size="small"
            extra={
              <span className="vt-actions vt-nowrap" style={{ columnGap: 16 }}>
                <Link to={linkTo("ingreso-items", { presupuesto: p.id })}>Agregar ítems</Link>
                <Link to={linkTo("editar-presupuestos", { presupuesto: p.id })}>Editar ítems</Link>
              </span>
            }
          >
            {error && <Alert type="error" showIcon message="No se pudieron cargar los ítems." description={error} style={{ marginBottom: 12 }} />}
            <Table<ItemPresupuesto>
              rowKey="id"
              size="small"
              dataSource={items}
              loading={loading}
              pagination={false}
              columns={itemColumns}
              scroll={{ x: scrollX(itemColumns) }}
              locale={{ emptyText: "Este presupuesto no tiene ítems." }}
              summary={() =>
                items.length > 0 ? <ItemTotalsRow label="Totales" utv={utvTotal.utv} utvMonto={utvTotal.utv_monto} neto={totals.neto} /> : null
              }
            />
            <dl className="vt-totals" style={{ marginTop: 16 }} aria-label="Totales">
              <dt>Neto</dt>
              <dd>{formatCLP(totals.neto)}</dd>
              <dt>IVA 19%</dt>
              <dd>{formatCLP(totals.iva)}</dd>
              <dt className="is-total">Total</dt>
              <dd className="is-total">{formatCLP(totals.total)}</dd>
            </dl>
            {items.length === 0 && !loading && (
              <p className="vt-hint" style={{ textAlign: "right" }}>
                Sin ítems: los totales corresponden al neto presupuestado.
              </p>
            )}
          </Card>
          {items.length > 0 && (
            <Card title="Dibujos" size="small">
              <ItemDrawings items={items.map((it) => ({ ...it, key: it.id }))} />
            </Card>
          )}
          <ShareCard quote={p} empresa={empresa?.nombre_fantasia ?? ""} cliente={{ telefono: cliente?.telefono, correo: cliente?.correo }} />
        </div>
        </WithHistory>
      )}
    </Show>
  );
}
