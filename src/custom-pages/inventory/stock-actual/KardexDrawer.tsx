// The kardex of one product (issue 10): every movement that made its stock what it is
// (date, kind, quantity, resulting balance, document, user), newest first, a page at a
// time from the server; "Exportar Excel" writes the whole history, oldest first
// (write-excel-file is loaded only then). For Informático and Gerencia a «Historial» tab
// lists the changes to the product's record itself (creation, renaming).
import { useEffect, useState } from "react";
import { Button, Drawer, Table, Tag } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { fetchKardexCompleto, fetchMovimientos, type Movimiento } from "../api";
import { useApiQuery } from "../../../data/query";
import { MOVEMENT_KIND_LABELS, KARDEX_WIDTHS, kardexFileName, kardexSheet } from "../../../domain/inventory";
import { formatDateTime, formatNumber } from "../../../domain/format";
import { WithHistory } from "../../platform/auditoria/WithHistory";
import { inventoryKeys } from "../keys";

export const KARDEX_PAGE = 20;
const KIND_COLORS = { INGRESO: "green", SALIDA: "volcano", AJUSTE: "blue" } as const;

interface Props {
  product: { codigo: string; producto: string } | null;
  onClose: () => void;
}

export function KardexDrawer({ product, onClose }: Props) {
  const [pageNo, setPageNo] = useState(1);
  const [exporting, setExporting] = useState(false);

  useEffect(() => setPageNo(1), [product?.codigo]);

  const page = useApiQuery(
    inventoryKeys.movements(product?.codigo ?? null, pageNo),
    () => {
      const start = (pageNo - 1) * KARDEX_PAGE;
      return fetchMovimientos(product!.codigo, { start, end: start + KARDEX_PAGE });
    },
    { failMessage: "No se pudo cargar el kardex", enabled: product !== null },
  );
  const failed = page.failed;
  const current = product ? (failed ? { rows: [], total: 0 } : page.current) : null;

  const exportExcel = async () => {
    if (!product || exporting) return;
    setExporting(true);
    try {
      const [{ default: writeXlsxFile }, rows] = await Promise.all([import("write-excel-file/browser"), fetchKardexCompleto(product.codigo)]);
      const sheet = kardexSheet(product.codigo, product.producto, rows);
      await writeXlsxFile(sheet, { columns: KARDEX_WIDTHS.map((width) => ({ width })) }).toFile(kardexFileName(product.codigo));
    } catch (error) {
      console.error("No se pudo exportar el kardex", error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Drawer
      open={product !== null}
      onClose={onClose}
      width="min(760px, 100vw)"
      title={product ? `Kardex ${product.codigo} — ${product.producto}` : "Kardex"}
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting} disabled={!current || current.total === 0} onClick={() => void exportExcel()}>
          Exportar Excel
        </Button>
      }
    >
      <WithHistory key={product?.codigo} entidad="materiales" entidadId={product?.codigo} label="Movimientos">
      <Table<Movimiento>
        rowKey="id"
        size="small"
        aria-label="Movimientos del producto"
        loading={!current}
        dataSource={current?.rows ?? []}
        scroll={{ x: 640 }}
        locale={{ emptyText: failed ? "No se pudo cargar el kardex." : "Este producto no tiene movimientos." }}
        pagination={{ current: pageNo, pageSize: KARDEX_PAGE, total: current?.total ?? 0, showSizeChanger: false, onChange: setPageNo, size: "small" }}
        columns={[
          { title: "Fecha", dataIndex: "fecha", key: "fecha", width: 130, render: (v: string) => formatDateTime(v) },
          { title: "Tipo", dataIndex: "tipo", key: "tipo", width: 80, render: (v: Movimiento["tipo"]) => <Tag color={KIND_COLORS[v]}>{MOVEMENT_KIND_LABELS[v]}</Tag> },
          {
            title: "Cantidad",
            dataIndex: "cantidad",
            key: "cantidad",
            width: 90,
            align: "right",
            render: (v: number) => <span className="vt-num">{v > 0 ? `+${formatNumber(v, 4)}` : formatNumber(v, 4)}</span>,
          },
          { title: "Saldo", dataIndex: "saldo", key: "saldo", width: 80, align: "right", render: (v: number) => <span className="vt-num">{formatNumber(v, 4)}</span> },
          { title: "Documento", dataIndex: "documento", key: "documento" },
          { title: "Usuario", dataIndex: "usuario_nombre", key: "usuario", width: 130, render: (v: string | null) => v ?? "—" },
        ]}
      />
      </WithHistory>
    </Drawer>
  );
}
