// "Registro de Compras SII" (/RegistroComprasSII, issue 35; Contabilidad and the privileged
// roles, section Operaciones): upload the month's Registro de Compras exported from the SII's
// site, see its reconciliation with Facturas/Guías in four groups (counts and amounts, each a
// filter), what changed since the previous import of the month, the month's totals per type
// from both sources and the IVA crédito fiscal del mes; register the rows only in the SII in
// one click or for all selected; accept or claim a supplier's factura; export to Excel.
import { useEffect, useId, useState } from "react";
import { Alert, Button, Card, Input, Modal, Select, Upload } from "antd";
import { UploadOutlined } from "@ant-design/icons";
import { fetchRcv, listRcvImportaciones, registrarRcv, uploadRcv, type RcvFila } from "../rcv-api";
import { useApiQuery, useWrite } from "../../../data/query";
import { invoiceWrites, operationsKeys } from "../keys";
import { platformKeys } from "../../platform/keys";
import { formatDateTime } from "../../../domain/format";
import { RCV_REGISTRO_NOMBRES, RCV_REGISTROS, type RcvRegistro, type RcvResultado } from "../../../domain/operations/rcv";
import { Page } from "../../../components/Page";
import { useBanner } from "../../../components/useBanner";
import { toHttpError } from "../../../providers/http";
import { GroupSummary, MonthTotals } from "./GroupSummary";
import { RowsTable } from "./RowsTable";
import { SiiDecision } from "./SiiDecision";
import { PorAceptarCard } from "./PorAceptar";
import { useFiltro } from "../../../components/useFiltro";
import { RCV_FILTROS } from "../../../domain/hoy/links";
import { exportRcvExcel } from "./export-excel";
import "./registro-compras-sii.css";

const PAGE_SIZE = 20;

export default function RegistroComprasSiiPage() {
  const ids = useId();
  const { banner, show, clear } = useBanner();
  const write = useWrite();
  const [registro, setRegistro] = useState<RcvRegistro | "">("");
  const [uploading, setUploading] = useState(false);
  const [importId, setImportId] = useState<number | null>(null);
  const [filter, setFilter] = useState<{ resultado: RcvResultado | null; q: string; page: number }>({ resultado: null, q: "", page: 1 });
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [deciding, setDeciding] = useState<{ factura_id: number; titulo: string } | null>(null);
  const { filtro, notice } = useFiltro(RCV_FILTROS);
  const [exporting, setExporting] = useState(false);

  const imports = useApiQuery(operationsKeys.rcvImports(), listRcvImportaciones, { failMessage: "No se pudieron cargar las importaciones" });
  const list = imports.current ?? [];
  const newest = imports.current?.[0]?.id ?? null;
  // The newest import is shown until another is chosen.
  useEffect(() => {
    if (importId === null && newest !== null) setImportId(newest);
  }, [importId, newest]);
  const page = useApiQuery(
    operationsKeys.rcvDetail(importId, filter),
    () => fetchRcv(importId!, { resultado: filter.resultado, q: filter.q, start: (filter.page - 1) * PAGE_SIZE, end: filter.page * PAGE_SIZE }),
    { failMessage: "No se pudo cargar la conciliación", enabled: importId !== null, keepPrevious: true },
  );
  const detail = page.current;
  const imp = detail?.importacion;
  // The imports and the shown month's reconciliation are in place (the facturas por aceptar go below them).
  const settled = (imports.current !== null || imports.failed) && (list.length === 0 || page.latest !== null || page.failed);

  const upload = async (file: File) => {
    setUploading(true);
    clear();
    try {
      const row = await write(() => uploadRcv(file, registro || null), { invalidates: [operationsKeys.rcv(), platformKeys.digest()] });
      setImportId(row.id);
      setFilter({ resultado: null, q: "", page: 1 });
      setSelected([]);
      show({ type: "success", message: `Registro de Compras ${row.periodo} importado: ${row.filas} documentos del SII.` });
    } catch (e) {
      show({ type: "error", message: "No se pudo importar el archivo.", description: toHttpError(e).message });
    } finally {
      setUploading(false);
    }
  };

  const registrar = async (filas: number[]) => {
    if (!importId) return;
    setBusy((b) => new Set([...b, ...filas]));
    try {
      // The rows become invoices of the register.
      const r = await write(() => registrarRcv(importId, filas), { invalidates: [operationsKeys.rcv(), ...invoiceWrites, platformKeys.digest()] });
      setSelected([]);
      show({ type: "success", message: r.registradas.length === 1 ? "1 documento registrado en Ventanal." : `${r.registradas.length} documentos registrados en Ventanal.` });
    } catch (e) {
      show({ type: "error", message: "No se pudo registrar en Ventanal.", description: toHttpError(e).message });
    } finally {
      setBusy((b) => new Set([...b].filter((id) => !filas.includes(id))));
    }
  };

  const exportar = async () => {
    if (!imp) return;
    setExporting(true);
    try {
      const all = await fetchRcv(imp.id, { resultado: filter.resultado, q: filter.q, start: 0, end: 20_000 });
      await exportRcvExcel(imp.periodo, all.filas);
    } catch (e) {
      show({ type: "error", message: "No se pudo exportar a Excel.", description: toHttpError(e).message });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Page title="Registro de Compras SII" subtitle="Importe el Registro de Compras del mes (CSV descargado desde sii.cl) y concílielo con las Facturas/Guías de Ventanal." banner={banner} onCloseBanner={clear}>
      {notice}
      {filtro === "por-aceptar" && <PorAceptarCard onDecidir={(f) => setDeciding({ factura_id: f.factura_id, titulo: `${f.proveedor}, factura ${f.numero_factura ?? ""}` })} />}
      <Card size="small" title="Importar archivo del SII">
        <div className="vt-rcv-upload">
          <div className="vt-rcv-field">
            <label htmlFor={`${ids}-registro`}>Registro</label>
            <Select<RcvRegistro | "">
              id={`${ids}-registro`}
              value={registro}
              onChange={setRegistro}
              options={[{ value: "", label: "Según el nombre del archivo" }, ...RCV_REGISTROS.map((r) => ({ value: r, label: RCV_REGISTRO_NOMBRES[r] }))]}
            />
          </div>
          <Upload accept=".csv,text/csv" showUploadList={false} disabled={uploading} beforeUpload={(file) => (void upload(file as unknown as File), false)}>
            <Button icon={<UploadOutlined />} loading={uploading} type="primary">
              Subir archivo CSV
            </Button>
          </Upload>
        </div>
      </Card>
      {list.length === 0 && !imports.loading ? (
        <Alert type="info" showIcon message="Aún no se ha importado ningún Registro de Compras." />
      ) : (
        <Card size="small">
          <div className="vt-rcv-upload">
            <div className="vt-rcv-field vt-rcv-field--wide">
              <label htmlFor={`${ids}-importacion`}>Importación</label>
              <Select<number>
                id={`${ids}-importacion`}
                value={importId ?? undefined}
                onChange={(v) => {
                  setImportId(v);
                  setFilter({ resultado: null, q: "", page: 1 });
                  setSelected([]);
                }}
                options={list.map((i) => ({ value: i.id, label: `${i.periodo} · ${RCV_REGISTRO_NOMBRES[i.registro]} · ${i.nombre_archivo} · ${formatDateTime(i.creado_en)}${i.usuario_nombre ? ` · ${i.usuario_nombre}` : ""}` }))}
              />
            </div>
            <Button loading={exporting} disabled={!imp} onClick={() => void exportar()}>
              Exportar Excel
            </Button>
          </div>
          {imp && (
            <>
              {imp.anterior_id && (
                <p className="vt-rcv-changes">
                  Desde la importación anterior del mes: {imp.nuevas} {imp.nuevas === 1 ? "fila nueva" : "filas nuevas"}, {imp.cambiadas} {imp.cambiadas === 1 ? "cambió" : "cambiaron"}, {imp.desaparecidas}{" "}
                  {imp.desaparecidas === 1 ? "ya no aparece" : "ya no aparecen"}.
                </p>
              )}
              <GroupSummary importacion={imp} selected={filter.resultado} onSelect={(resultado) => setFilter((f) => ({ ...f, resultado, page: 1 }))} />
            </>
          )}
        </Card>
      )}
      {imp && (
        <Card size="small" title="Documentos">
          <div className="vt-rcv-upload">
            <Input.Search
              allowClear
              aria-label="Buscar proveedor, RUT o folio"
              placeholder="Buscar proveedor, RUT o folio"
              defaultValue={filter.q}
              onSearch={(q) => setFilter((f) => ({ ...f, q, page: 1 }))}
              style={{ maxWidth: 320 }}
            />
            <Button type="primary" disabled={selected.length === 0} loading={selected.some((id) => busy.has(id))} onClick={() => void registrar(selected)}>
              Registrar seleccionadas en Ventanal ({selected.length})
            </Button>
          </div>
          <RowsTable
            rows={detail?.filas ?? []}
            total={detail?.total ?? 0}
            loading={page.loading}
            page={filter.page}
            pageSize={PAGE_SIZE}
            onPage={(p) => setFilter((f) => ({ ...f, page: p }))}
            selected={selected}
            onSelect={setSelected}
            busy={busy}
            onRegistrar={(f) => void registrar([f.id])}
            onDecidir={(f: RcvFila) => f.factura_id && setDeciding({ factura_id: f.factura_id, titulo: `${f.razon_social}, folio ${f.folio}` })}
          />
        </Card>
      )}
      {imp && <MonthTotals importacion={imp} />}
      {filtro !== "por-aceptar" && <PorAceptarCard hold={!settled} onDecidir={(f) => setDeciding({ factura_id: f.factura_id, titulo: `${f.proveedor}, factura ${f.numero_factura ?? ""}` })} />}
      <Modal open={deciding !== null} title={deciding ? `Aceptar o reclamar: ${deciding.titulo}` : ""} footer={null} onCancel={() => setDeciding(null)} destroyOnHidden>
        {deciding && <SiiDecision facturaId={deciding.factura_id} />}
      </Modal>
    </Page>
  );
}
