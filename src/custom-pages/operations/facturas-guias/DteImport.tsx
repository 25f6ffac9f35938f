// Electronic invoice import on "Registro de Facturas/Guías" (ours, beyond the
// specification): one or many SII DTE XML files (33, 34, 52, 61) are read on the server;
// each document shows its supplier (matched by RUT), amounts, whether it is already
// registered, the 8-day acceptance window and its matching to the supplier's open
// purchase orders with the differences; "Registrar" saves the new ones in one go.
import { useState } from "react";
import { Alert, Button, Card, List, Tag, Upload } from "antd";
import { UploadOutlined } from "@ant-design/icons";
import { fileToDteArchivo, previewDte, registerDte, type DteArchivo, type DteDocumento } from "../api";
import { useWrite } from "../../../data/query";
import { invoiceWrites } from "../keys";
import { formatCLP, formatDate } from "../../../domain/format";
import { acceptanceWindowText } from "../../../domain/operations";
import { toHttpError } from "../../../providers/http";

export const MSG_DTE_LEER_ERROR = "No se pudieron leer los archivos.";
export const MSG_DTE_REGISTRADOS = (n: number) => (n === 1 ? "1 documento registrado." : `${n} documentos registrados.`);

interface Props {
  onRegistered: (message: string) => void;
  onError: (message: string, description?: string) => void;
}

function Conciliacion({ doc }: { doc: DteDocumento }) {
  const c = doc.conciliacion;
  if (!c) return <span className="vt-muted">{doc.proveedor_id ? "Nota de crédito: sin conciliación con OC." : "Proveedor no registrado: sin OC para conciliar."}</span>;
  if (c.ordenes.length === 0) return <span className="vt-muted">Ninguna línea está en una OC abierta de este proveedor.</span>;
  const diffs = c.lineas.flatMap((l) => l.diferencias.map((d) => d.mensaje));
  return (
    <div>
      <span>
        OC {c.ordenes.join(", ")}: {c.cuadra ? <Tag color="green">cuadra</Tag> : <Tag color="orange">con diferencias</Tag>}
      </span>
      {diffs.length > 0 && (
        <ul className="vt-dte__diffs">
          {diffs.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function DteImport({ onRegistered, onError }: Props) {
  const [archivos, setArchivos] = useState<DteArchivo[]>([]);
  const [docs, setDocs] = useState<DteDocumento[] | null>(null);
  const [rechazados, setRechazados] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const write = useWrite();

  const read = async (files: File[]) => {
    setBusy(true);
    try {
      const list = await Promise.all(files.map(fileToDteArchivo));
      const preview = await previewDte(list);
      setArchivos(list);
      setDocs(preview.documentos);
      setRechazados(preview.rechazados);
    } catch (error) {
      console.error(MSG_DTE_LEER_ERROR, error);
      setDocs(null);
      onError(MSG_DTE_LEER_ERROR, toHttpError(error).message);
    } finally {
      setBusy(false);
    }
  };

  const register = async () => {
    setBusy(true);
    try {
      const r = await write(() => registerDte(archivos), { invalidates: invoiceWrites });
      setDocs(null);
      setArchivos([]);
      onRegistered(`${MSG_DTE_REGISTRADOS(r.registradas.length)}${r.duplicadas.length ? ` ${r.duplicadas.join(" ")}` : ""}`);
    } catch (error) {
      console.error("Error al registrar los DTE", error);
      onError("Error al guardar.", toHttpError(error).message);
    } finally {
      setBusy(false);
    }
  };

  const nuevos = docs?.filter((d) => !d.duplicado).length ?? 0;

  return (
    <Card size="small" title="Importar facturas electrónicas (XML del SII)">
      <Upload
        accept=".xml,text/xml,application/xml"
        multiple
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file, fileList) => {
          // Called once per file: read the whole selection on its last file.
          if (file === fileList[fileList.length - 1]) void read(fileList as unknown as File[]);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          Seleccionar archivos XML
        </Button>
      </Upload>
      {rechazados.length > 0 && <Alert type="warning" showIcon style={{ marginTop: 12 }} message="Archivos o documentos que no se pudieron leer" description={rechazados.join(" ")} />}
      {docs && (
        <>
          <section aria-label="Documentos leídos">
            <List
              className="vt-dte"
              dataSource={docs}
              renderItem={(d) => (
                <List.Item key={d.clave} className={d.duplicado ? "vt-dte__item vt-dte__item--dup" : "vt-dte__item"}>
                  <div className="vt-dte__head">
                    <strong>
                      {d.tipo_nombre} N° {d.folio}
                    </strong>
                    <span>{d.proveedor_registrado ?? d.campos.proveedor}</span>
                    <span className="vt-muted">{d.campos.rut_proveedor}</span>
                    {!d.proveedor_id && <Tag>Proveedor no registrado</Tag>}
                    {d.duplicado ? <Tag color="red">Ya registrada</Tag> : <Tag color="blue">Nueva</Tag>}
                  </div>
                  <div className="vt-dte__body">
                    <span>Fecha {formatDate(d.campos.fecha)}</span>
                    <span>Neto {formatCLP(d.campos.monto_neto)}</span>
                    <span>IVA {formatCLP(d.campos.iva)}</span>
                    <span>Total {formatCLP(d.campos.monto_total)}</span>
                  </div>
                  {d.duplicado && <div className="vt-dte__dup">{d.duplicado}</div>}
                  {!d.duplicado && d.plazo && <div className={d.plazo.dias_restantes <= 2 ? "vt-dte__plazo vt-dte__plazo--urgente" : "vt-dte__plazo"}>{acceptanceWindowText(d.plazo)}</div>}
                  {!d.duplicado && <Conciliacion doc={d} />}
                  {d.avisos.length > 0 && <div className="vt-muted">{d.avisos.join(" ")}</div>}
                </List.Item>
              )}
            />
          </section>
          <div className="vt-actions vt-actions--end">
            <Button onClick={() => setDocs(null)} disabled={busy}>
              Descartar
            </Button>
            <Button type="primary" disabled={busy || nuevos === 0} loading={busy} onClick={() => void register()}>
              {nuevos === 1 ? "Registrar 1 documento" : `Registrar ${nuevos} documentos`}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
