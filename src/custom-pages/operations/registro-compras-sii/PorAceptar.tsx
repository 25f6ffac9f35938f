// The supplier facturas still to accept or claim at the SII (the home's "Facturas SII por
// aceptar"): days to the SII deadline, where its start comes from, warned from day 5.
import { Button, Card, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { fetchPorAceptar, type PorAceptar } from "../rcv-api";
import { useApiQuery } from "../../../data/query";
import { operationsKeys } from "../keys";
import { formatCLP, formatDate } from "../../../domain/format";
import { ResponsiveTable } from "../../../components/ResponsiveTable";
import { actionsColumn, dateColumn, moneyColumn, textColumn } from "../../../components/columns";

const dias = (p: PorAceptar["plazo"]) => (
  <Tag color={p.aviso ? "volcano" : "blue"}>{p.dias_restantes === 0 ? "Último día" : p.dias_restantes === 1 ? "1 día" : `${p.dias_restantes} días`}</Tag>
);

/**
 * Drawn once its rows came (and, with `hold`, once what is above it is in place): a card that
 * grew from a spinner to its rows would push what is below it, and one below the month's
 * reconciliation would be pushed by it.
 */
export function PorAceptarCard({ onDecidir, hold = false }: { onDecidir: (f: PorAceptar) => void; hold?: boolean }) {
  const query = useApiQuery(operationsKeys.rcvPorAceptar(), fetchPorAceptar, { failMessage: "No se pudieron cargar las facturas por aceptar" });
  const rows = query.current?.filas ?? [];
  const action = (f: PorAceptar) => (
    <Button size="small" aria-label={`Aceptar o reclamar factura ${f.numero_factura ?? f.factura_id}`} onClick={() => onDecidir(f)}>
      Aceptar o reclamar
    </Button>
  );
  const columns: ColumnsType<PorAceptar> = [
    textColumn<PorAceptar>({ title: "Proveedor", dataIndex: "proveedor", key: "proveedor", width: 200 }),
    textColumn<PorAceptar>({ title: "Factura", dataIndex: "numero_factura", key: "numero_factura", width: 100 }),
    moneyColumn<PorAceptar>({ title: "Total", dataIndex: "monto_total", key: "monto_total", width: 112 }),
    { title: "Quedan", key: "dias", width: 100, render: (_, f) => dias(f.plazo) },
    dateColumn<PorAceptar>({ title: "Plazo hasta", key: "limite", width: 104, render: (_, f) => formatDate(f.plazo.fecha_limite) }),
    textColumn<PorAceptar>({ title: "Cuenta desde", key: "fuente", width: 200, render: (_, f) => (f.plazo.fuente === "SII" ? `Recepción SII ${formatDate(f.plazo.fecha_inicio)}` : `Registro ${formatDate(f.plazo.fecha_inicio)}`) }, (f) => (f.plazo.fuente === "SII" ? "Recepción en el SII" : "Registro en Ventanal (sin fecha del SII)")),
    actionsColumn<PorAceptar>((_, f) => action(f), { width: 164 }),
  ];
  if (hold || (query.latest === null && !query.failed)) return null;
  return (
    <Card size="small" title={`Facturas por aceptar o reclamar (${query.current?.total ?? 0})`}>
      <ResponsiveTable<PorAceptar>
        rowKey="factura_id"
        size="small"
        aria-label="Facturas por aceptar"
        columns={columns}
        dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        locale={{ emptyText: "No hay facturas por aceptar: todas tienen decisión o su plazo de 8 días terminó." }}
        card={{
          title: (f) => `${f.proveedor} · Factura ${f.numero_factura ?? ""}`,
          extra: (f) => dias(f.plazo),
          fields: (f) => [
            { label: "Total", value: formatCLP(f.monto_total) },
            { label: "Plazo hasta", value: formatDate(f.plazo.fecha_limite) },
            { label: "Cuenta desde", value: f.plazo.fuente === "SII" ? "Recepción en el SII" : "Registro en Ventanal" },
          ],
          actions: action,
        }}
      />
      <p className="vt-muted vt-rcv-note">Ley 19.983: 8 días corridos desde la recepción del documento en el SII; pasado el día 8 sin reclamo, la factura se entiende aceptada.</p>
    </Card>
  );
}
