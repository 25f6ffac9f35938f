// The local list of "Ingreso de Ítems del Presupuesto": the items built and not yet saved,
// each with its UTV and amount (the domain's computeItemUtv) and the list's totals.
import { Button, Space, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { cantidadEfectiva, computeItemUtv, quoteUtvTotals } from "../../../domain/sales";
import { formatCLP, formatNumber } from "../../../domain/format";
import { quoteTotals } from "../../../domain/money";
import type { ItemPresupuestoBody } from "../api";
import { ItemTotalsRow } from "../presupuestos/ItemTotalsRow";

export interface LocalItem {
  /** List identity. */
  key: string;
  /** Idempotency-Key of this item's POST; renewed when the item changes. */
  idemKey: string;
  body: Omit<ItemPresupuestoBody, "presupuesto_id">;
}

function medidas(b: LocalItem["body"]): string {
  if (b.ancho === null && b.alto === null) return "—";
  return `${formatNumber(b.ancho) || "?"} × ${formatNumber(b.alto) || "?"} mm`;
}

interface Props {
  items: LocalItem[];
  saving: boolean;
  onEdit: (it: LocalItem) => void;
  onRemove: (it: LocalItem) => void;
  onClone: (it: LocalItem) => void;
}

export function LocalItemsTable({ items, saving, onEdit, onRemove, onClone }: Props) {
  const bodies = items.map((it) => it.body);
  const totals = { ...quoteUtvTotals(bodies), neto: quoteTotals(bodies).neto };

  const columns: ColumnsType<LocalItem> = [
    { title: "Ítem", key: "item", render: (_, it) => it.body.item || "—" },
    { title: "Recinto", key: "recinto", render: (_, it) => it.body.recinto || "—" },
    {
      title: "Medidas",
      key: "medidas",
      className: "vt-nowrap",
      render: (_, it) => (
        <>
          {medidas(it.body)}
          <div className="vt-muted">{it.body.tipo_ventana}</div>
        </>
      ),
    },
    { title: "Apertura", key: "apertura", render: (_, it) => it.body.tipo_apertura },
    {
      title: "Cantidad",
      key: "cantidad",
      align: "right",
      render: (_, it) => formatNumber(cantidadEfectiva(it.body.cantidad)),
    },
    {
      title: "Precio unitario",
      key: "precio",
      align: "right",
      className: "vt-nowrap",
      render: (_, it) => (it.body.precio_unitario === null ? "—" : formatCLP(it.body.precio_unitario)),
    },
    { title: "UTV", key: "utv", align: "right", render: (_, it) => formatNumber(computeItemUtv(it.body).utv) },
    {
      title: "Monto UTV",
      key: "monto",
      align: "right",
      className: "vt-nowrap",
      render: (_, it) => formatCLP(computeItemUtv(it.body).utv_monto),
    },
    {
      title: "Acciones",
      key: "acciones",
      fixed: "right",
      className: "vt-actions-cell",
      width: 150,
      render: (_, it) => (
        <Space size={4} wrap={false}>
          <Button size="small" onClick={() => onEdit(it)} disabled={saving} aria-label={`Editar ${it.body.item ?? ""}`.trim()}>
            Editar
          </Button>
          <Button size="small" danger onClick={() => onRemove(it)} disabled={saving}>
            Eliminar
          </Button>
          <Button size="small" onClick={() => onClone(it)} disabled={saving}>
            Clonar
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Table<LocalItem>
      rowKey="key"
      size="small"
      columns={columns}
      dataSource={items}
      pagination={false}
      scroll={{ x: "max-content" }}
      locale={{ emptyText: "Aún no hay ítems agregados." }}
      summary={() =>
        items.length > 0 ? (
          <ItemTotalsRow
            label={`Total (${items.length} ${items.length === 1 ? "ítem" : "ítems"}) · Neto ${formatCLP(totals.neto)}`}
            utv={totals.utv}
            utvMonto={totals.utv_monto}
          />
        ) : null
      }
    />
  );
}
