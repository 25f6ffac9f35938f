// Administración → Respaldos (Informático and Gerencia): the last backup (size, age,
// verification), the list with download, "Respaldar ahora", the schedule and retention,
// and how to restore. The server takes and verifies the backups (server/services/respaldos).
import { Alert, Button, Card, Tag } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import type { RespaldoWire } from "../../../domain/respaldos/schemas";
import { descargarRespaldo } from "../api/respaldos";
import { Page } from "../../../components/Page";
import { Fact, Facts } from "../../../components/Facts";
import { ResponsiveTable } from "../../../components/ResponsiveTable";
import { actionsColumn, dateColumn, textColumn } from "../../../components/columns";
import { useBanner } from "../../../components/useBanner";
import { useBusy } from "../../../components/useBusy";
import { formatDateTime } from "../../../domain/format";
import { AjustesCard } from "./AjustesCard";
import { formatAge, formatBytes } from "./format";
import { useRespaldos } from "./useRespaldos";

const VERIFICACION: Record<RespaldoWire["verificacion"], { color: string; text: string }> = {
  verificado: { color: "green", text: "Verificado" },
  pendiente: { color: "blue", text: "Verificando…" },
  fallido: { color: "red", text: "Falló la verificación" },
};

const verificacionTag = (r: RespaldoWire) => <Tag color={VERIFICACION[r.verificacion].color}>{VERIFICACION[r.verificacion].text}</Tag>;
const comandoText = (r: RespaldoWire) => (r.comando === null ? "—" : r.comando.ok ? "Copiado" : `Falló: ${r.comando.mensaje}`);

export default function RespaldosPage() {
  const { estado, backupNow: startBackup, saveAjustes, pending } = useRespaldos();
  const { banner, show, clear } = useBanner();
  const { busy, during } = useBusy();
  const e = estado.current ?? estado.latest;
  const last = e?.respaldos[0] ?? null;
  const waiting = !e && !estado.failed;

  const backupNow = async () => {
    try {
      const r = await startBackup();
      if (!r) return; // already starting (a second click)
      show({ type: "info", message: `Respaldo iniciado (${r.archivo}). La lista se actualiza sola al terminar.` });
    } catch (err) {
      console.error("No se pudo iniciar el respaldo", err);
      const message = (err as { response?: { data?: { message?: string } } }).response?.data?.message ?? "No se pudo iniciar el respaldo.";
      show({ type: "error", message });
    }
  };

  const download = (archivo: string) =>
    during(archivo, async () => {
      try {
        await descargarRespaldo(archivo);
      } catch (err) {
        console.error("No se pudo descargar el respaldo", err);
        show({ type: "error", message: "No se pudo descargar el respaldo." });
      }
    });

  const columns = [
    dateColumn<RespaldoWire>({ title: "Fecha", dataIndex: "fecha", key: "fecha", withTime: true }),
    textColumn<RespaldoWire>({ title: "Archivo", dataIndex: "archivo", key: "archivo", width: 280 }),
    { title: "Tamaño", key: "bytes", width: 100, className: "vt-nowrap", render: (_: unknown, r: RespaldoWire) => formatBytes(r.bytes) },
    { title: "Verificación", key: "verificacion", width: 190, render: (_: unknown, r: RespaldoWire) => verificacionTag(r) },
    textColumn<RespaldoWire>({ title: "Origen", dataIndex: "origen", key: "origen", width: 140 }),
    textColumn<RespaldoWire>({ title: "Copia externa", key: "comando", width: 200, render: (_: unknown, r: RespaldoWire) => comandoText(r) }, comandoText),
    actionsColumn<RespaldoWire>(
      (_: unknown, r: RespaldoWire) => (
        <Button size="small" icon={<DownloadOutlined />} loading={busy.has(r.archivo)} onClick={() => download(r.archivo)} aria-label={`Descargar ${r.archivo}`}>
          Descargar
        </Button>
      ),
      { width: 130 },
    ),
  ];

  return (
    <Page
      title="Respaldos"
      subtitle="El servidor respalda la base de datos solo, a la hora indicada, y comprueba cada respaldo restaurándolo en una base de prueba."
      banner={banner}
      onCloseBanner={clear}
      extra={
        <Button type="primary" onClick={backupNow} loading={pending.has("ahora")} disabled={!e || e.en_curso}>
          {e?.en_curso ? "Respaldo en curso…" : "Respaldar ahora"}
        </Button>
      }
    >
      {/* Until the state comes, one card's skeleton: the warnings, the list and the forms then
          appear together, and nothing already on screen moves (CLS 0). */}
      {waiting ? (
        <Card size="small" title="Último respaldo" loading />
      ) : (
        <>
          {e?.ultimo_error && <Alert type="error" showIcon message="El último respaldo tuvo un problema" description={e.ultimo_error} style={{ marginBottom: 16 }} />}
          {e?.advertencias.map((w) => <Alert key={w} type="warning" showIcon message={w} style={{ marginBottom: 16 }} />)}
          <Card size="small" title="Último respaldo" style={{ marginBottom: 16 }}>
            <Facts>
              <Fact label="Fecha">{last ? `${formatDateTime(last.fecha)} (${formatAge(last.fecha)})` : "Ninguno todavía"}</Fact>
              <Fact label="Tamaño">{last ? formatBytes(last.bytes) : null}</Fact>
              <Fact label="Verificación">{last ? verificacionTag(last) : null}</Fact>
              <Fact label="Detalle">{last?.verificacion_mensaje ?? null}</Fact>
              <Fact label="Próximo respaldo">{e?.proximo ? formatDateTime(e.proximo) : "Sin programar (servidor sin horario)"}</Fact>
              <Fact label="Carpeta">{e?.directorio ?? null}</Fact>
              <Fact label="Copia externa (BACKUP_COMMAND)">{e ? (e.comando ? "Configurada" : "No configurada") : null}</Fact>
            </Facts>
          </Card>
          <Card size="small" title={`Respaldos guardados (${e?.respaldos.length ?? 0})`} style={{ marginBottom: 16 }}>
            <ResponsiveTable<RespaldoWire>
              rowKey="archivo"
              size="small"
              columns={columns}
              dataSource={e?.respaldos ?? []}
              pagination={false}
              locale={{ emptyText: "Todavía no hay respaldos." }}
              card={{
                title: (r) => formatDateTime(r.fecha),
                extra: (r) => verificacionTag(r),
                fields: (r) => [
                  { label: "Tamaño", value: formatBytes(r.bytes) },
                  { label: "Origen", value: r.origen ?? "—" },
                  { label: "Copia externa", value: comandoText(r) },
                ],
                actions: (r) => (
                  <Button size="small" icon={<DownloadOutlined />} loading={busy.has(r.archivo)} onClick={() => download(r.archivo)} aria-label={`Descargar ${r.archivo}`}>
                    Descargar
                  </Button>
                ),
              }}
            />
          </Card>
          <div style={{ marginBottom: 16 }}>
            <AjustesCard
              ajustes={e?.ajustes ?? null}
              origen={e?.ajustes_origen ?? null}
              saving={pending.has("ajustes")}
              onSave={async (values) => {
                await saveAjustes(values);
                show({ type: "success", message: "Horario y retención guardados." });
              }}
            />
          </div>
          <Card size="small" title="Cómo restaurar">
            <ol style={{ paddingLeft: 20, margin: 0 }}>
              <li>Descargue el respaldo (o tómelo de la carpeta de respaldos o de su copia externa).</li>
              <li>Detenga el servidor.</li>
              <li>
                Restaure en una carpeta de datos nueva (o una base PostgreSQL vacía): <code>DATA_DIR=./datos-nuevos npm run restore ventanal-….sql.gz</code>
              </li>
              <li>Inicie el servidor con esa carpeta (o base). Detalles en docs/respaldos.md.</li>
            </ol>
          </Card>
        </>
      )}
    </Page>
  );
}
