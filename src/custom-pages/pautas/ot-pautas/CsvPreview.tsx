// What a CSV file will load, before it goes to the lists (specification 5 and 9): per
// category the codes and quantities, the lines skipped and why, and what the file
// cannot give (empty, binary, UTF-8, cut). "Agregar a las listas" adds it; "Descartar"
// forgets it.
import { Alert, Button, Card, Collapse, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { PAUTA_CATEGORIES, PAUTA_CATEGORY_LABELS, isBarCategory, type PautaCategory } from "../../../domain/pautas/categories";
import { pautaCsvSummary, type PautaCsvItem, type PautaCsvResult, type PautaCsvSkipped } from "../../../domain/pautas/csv";
import { formatNumber } from "../../../domain/format";

export interface CsvFile {
  name: string;
  result: PautaCsvResult;
}

function itemColumns(category: PautaCategory): ColumnsType<PautaCsvItem> {
  return [
    { title: "Código", dataIndex: "codigo", key: "codigo", width: 90 },
    { title: "Producto", dataIndex: "producto", key: "producto" },
    {
      title: isBarCategory(category) ? "Metros" : "Cant. original",
      dataIndex: "cantidad_original",
      key: "cantidad_original",
      align: "right",
      width: 110,
      render: (v: number) => <span className="vt-num">{formatNumber(v, 4)}</span>,
    },
    {
      title: isBarCategory(category) ? "Barras" : "Cantidad",
      dataIndex: "cantidad",
      key: "cantidad",
      align: "right",
      width: 90,
      render: (v: number) => <span className="vt-num">{formatNumber(v, 4)}</span>,
    },
    { title: "Líneas", key: "lines", width: 90, render: (_, it) => <span className="vt-muted">{it.lines.join(", ")}</span> },
  ];
}

const skippedColumns: ColumnsType<PautaCsvSkipped> = [
  { title: "Línea", dataIndex: "line", key: "line", width: 70, align: "right" },
  { title: "Motivo", dataIndex: "reason", key: "reason", width: 320 },
  { title: "Contenido", dataIndex: "text", key: "text", render: (t: string) => <code className="vt-csv-text">{t}</code> },
];

interface Props {
  file: CsvFile;
  onAccept: () => void;
  onDiscard: () => void;
}

export function CsvPreview({ file, onAccept, onDiscard }: Props) {
  const { result } = file;
  const summary = pautaCsvSummary(result);
  const categories = PAUTA_CATEGORIES.filter((c) => summary.porCategoria[c] > 0);
  const skipped = result.skipped.filter((s) => s.kind !== "header");
  const headers = result.skipped.length - skipped.length;

  return (
    <Card title={`Vista previa del CSV: ${file.name}`} size="small" className="vt-csv-preview">
      {result.error && <Alert type="error" showIcon message="El archivo no se puede cargar" description={result.error} style={{ marginBottom: 12 }} />}
      {result.warnings.map((w) => (
        <Alert key={w} type="warning" showIcon message={w} style={{ marginBottom: 12 }} />
      ))}
      {!result.error && (
        <p className="vt-muted" style={{ marginTop: 0 }}>
          {formatNumber(result.loadedLines, 0)} línea(s) leídas de {formatNumber(result.lineCount, 0)}: {formatNumber(summary.total, 0)} código(s) en{" "}
          {categories.length} categoría(s)
          {headers > 0 ? `; ${headers} encabezado(s) omitido(s)` : ""}. Los códigos repetidos se suman; perfiles y refuerzos en barras de 5,8 m.
        </p>
      )}
      <Collapse
        size="small"
        items={[
          ...categories.map((c) => ({
            key: c,
            label: `${PAUTA_CATEGORY_LABELS[c]}: ${summary.porCategoria[c]} código(s)`,
            children: (
              <Table<PautaCsvItem>
                rowKey="codigo"
                size="small"
                columns={itemColumns(c)}
                dataSource={result.items[c]}
                pagination={result.items[c].length > 10 ? { pageSize: 10, size: "small", showSizeChanger: false } : false}
                scroll={{ x: "max-content" }}
              />
            ),
          })),
          ...(skipped.length > 0
            ? [
                {
                  key: "omitidas",
                  label: `Líneas omitidas: ${skipped.length}`,
                  children: (
                    <Table<PautaCsvSkipped>
                      rowKey={(s) => `${s.line}-${s.kind}`}
                      size="small"
                      columns={skippedColumns}
                      dataSource={skipped}
                      pagination={skipped.length > 10 ? { pageSize: 10, size: "small", showSizeChanger: false } : false}
                      scroll={{ x: "max-content" }}
                    />
                  ),
                },
              ]
            : []),
        ]}
        defaultActiveKey={skipped.length > 0 && categories.length === 0 ? ["omitidas"] : []}
      />
      <div className="vt-actions vt-actions--stack" style={{ marginTop: 12 }}>
        <Button type="primary" onClick={onAccept} disabled={summary.total === 0}>
          Agregar a las listas
        </Button>
        <Button onClick={onDiscard}>Descartar</Button>
      </div>
    </Card>
  );
}
