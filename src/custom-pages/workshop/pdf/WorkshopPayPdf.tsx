// The workshop pay PDF (specification section 9): landscape letter, named by period; the
// month's UTV, thermal and installation values, their total, and each worker's part in
// proportion to attendance % (integer pesos, the remainder to the largest weights, so the
// parts add up exactly to the total). Loaded only through import() (download-workshop.ts).
import { Document, Page, StyleSheet, Text, View, pdf } from "@react-pdf/renderer";
import type { Issuer } from "../../../components/pdf/document-parts";
import { formatCLP, formatNumber } from "../../../domain/format";
import { formatDateTime } from "../../../domain/format/date";
import { formatM2, formatPercent } from "../../../domain/workshop/format";
import { horasAcumTrab, horasTrab } from "../../../domain/workshop/payroll";
import { daysInPeriodo, formatWorkshopDate, periodoLabel } from "../../../domain/workshop/periods";
import { utvUnits, utvValue, workshopTotals } from "../../../domain/workshop/production";
import { splitByAttendance } from "../../../domain/workshop/split";
import type { WorkshopPayData } from "./workshop-data";

export const C = {
  primary: "#1d5c8c",
  text: "#1f2933",
  muted: "#5b6b79",
  border: "#d8e0e7",
  zebra: "#f4f7fa",
};

export const s = StyleSheet.create({
  page: { paddingTop: 30, paddingBottom: 44, paddingHorizontal: 32, fontSize: 9, fontFamily: "Helvetica", color: C.text },
  header: { flexDirection: "row", justifyContent: "space-between", alignItems: "flex-end", marginBottom: 8 },
  brand: { fontSize: 18, fontFamily: "Helvetica-Bold", color: C.primary },
  companyLine: { fontSize: 8.5, color: C.muted, marginTop: 2 },
  title: { fontSize: 14, fontFamily: "Helvetica-Bold", color: C.primary, textAlign: "right" },
  subtitle: { fontSize: 9, color: C.muted, textAlign: "right", marginTop: 2 },
  rule: { height: 2, backgroundColor: C.primary, marginBottom: 10 },
  cards: { flexDirection: "row", gap: 10, marginBottom: 12 },
  card: { flex: 1, borderWidth: 1, borderColor: C.border, borderRadius: 4, padding: 8 },
  cardTotal: { flex: 1, borderRadius: 4, padding: 8, backgroundColor: C.primary, color: "#ffffff" },
  cardLabel: { fontSize: 7.5, textTransform: "uppercase", letterSpacing: 0.5, marginBottom: 3 },
  cardValue: { fontSize: 13, fontFamily: "Helvetica-Bold" },
  cardNote: { fontSize: 7.5, marginTop: 2 },
  sectionTitle: { fontSize: 10, fontFamily: "Helvetica-Bold", color: C.primary, marginBottom: 4, marginTop: 4 },
  table: { borderWidth: 1, borderColor: C.border, borderRadius: 3, marginBottom: 10 },
  th: { flexDirection: "row", backgroundColor: C.primary, color: "#ffffff", fontFamily: "Helvetica-Bold", fontSize: 8 },
  tr: { flexDirection: "row", borderTopWidth: 1, borderTopColor: C.border },
  trZebra: { backgroundColor: C.zebra },
  trTotal: { flexDirection: "row", borderTopWidth: 1.5, borderTopColor: C.primary, fontFamily: "Helvetica-Bold" },
  cell: { paddingVertical: 3.5, paddingHorizontal: 5 },
  right: { textAlign: "right" },
  note: { fontSize: 7.5, color: C.muted, marginTop: 2, lineHeight: 1.4 },
  empty: { padding: 8, textAlign: "center", color: C.muted },
  footer: { position: "absolute", bottom: 20, left: 32, right: 32, fontSize: 7.5, color: C.muted, borderTopWidth: 1, borderTopColor: C.border, paddingTop: 4, flexDirection: "row", justifyContent: "space-between" },
});

interface Col {
  title: string;
  width: number;
  right?: boolean;
}

export function Row({ cols, values, style }: { cols: readonly Col[]; values: readonly string[]; style?: object | object[] }) {
  return (
    <View style={style ? [s.tr, ...(Array.isArray(style) ? style : [style])] : s.tr} wrap={false}>
      {cols.map((c, i) => (
        <Text key={c.title} style={c.right ? [s.cell, s.right, { width: c.width }] : [s.cell, { width: c.width }]}>
          {values[i]}
        </Text>
      ))}
    </View>
  );
}

export function Head({ cols }: { cols: readonly Col[] }) {
  return (
    <View style={s.th} fixed>
      {cols.map((c) => (
        <Text key={c.title} style={c.right ? [s.cell, s.right, { width: c.width }] : [s.cell, { width: c.width }]}>
          {c.title}
        </Text>
      ))}
    </View>
  );
}

/** Landscape letter: 792 pt wide, 728 pt of content. */
const WORKER_COLS: Col[] = [
  { title: "Trabajador", width: 170 },
  { title: "Días", width: 40, right: true },
  { title: "Horas trab.", width: 62, right: true },
  { title: "Extras", width: 50, right: true },
  { title: "Retraso", width: 52, right: true },
  { title: "Horas acum.", width: 66, right: true },
  { title: "% asistencia", width: 74, right: true },
  { title: "Proporción", width: 70, right: true },
  { title: "Monto", width: 84, right: true },
];
const UTV_COLS: Col[] = [
  { title: "Fecha", width: 64 },
  { title: "Pauta", width: 250 },
  { title: "Tipo", width: 70 },
  { title: "Instalador", width: 150 },
  { title: "UTV", width: 60, right: true },
  { title: "Valor m2", width: 60, right: true },
  { title: "Valor", width: 74, right: true },
];

export function WorkshopPayDocument({ data, generado, issuer }: { data: WorkshopPayData; generado: Date; issuer: Issuer }) {
  const titulo = periodoLabel(data.periodo);
  const totals = workshopTotals(data.utvs, data.termopaneles);
  const split = splitByAttendance(totals.total, data.trabajadores, data.periodo);
  const dias = daysInPeriodo(data.periodo);
  return (
    <Document title={`Pago taller ${titulo}`} author={issuer.nombre} subject="Pago de producción del taller">
      <Page size="LETTER" orientation="landscape" style={s.page}>
        <View style={s.header}>
          <View>
            <Text style={s.brand}>{issuer.nombre_fantasia}</Text>
            <Text style={s.companyLine}>
              {issuer.nombre} · RUT {issuer.rut}
            </Text>
          </View>
          <View>
            <Text style={s.title}>Pago de producción del taller</Text>
            <Text style={s.subtitle}>Periodo {titulo} ({data.periodo})</Text>
          </View>
        </View>
        <View style={s.rule} />

        <View style={s.cards}>
          <View style={s.card}>
            <Text style={s.cardLabel}>UTV</Text>
            <Text style={s.cardValue}>{formatCLP(totals.utv.valor)}</Text>
            <Text style={s.cardNote}>
              {totals.utv.registros} registros · {formatNumber(totals.utv.unidades, 2)} UTV
            </Text>
          </View>
          <View style={s.card}>
            <Text style={s.cardLabel}>Termopaneles</Text>
            <Text style={s.cardValue}>{formatCLP(totals.termopanel.valor)}</Text>
            <Text style={s.cardNote}>
              {totals.termopanel.registros} registros · {formatM2(totals.termopanel.m2)} m2
            </Text>
          </View>
          <View style={s.card}>
            <Text style={s.cardLabel}>Instalaciones</Text>
            <Text style={s.cardValue}>{formatCLP(totals.instalacion.valor)}</Text>
            <Text style={s.cardNote}>
              {totals.instalacion.registros} instalaciones propias · {formatM2(totals.instalacion.m2)} m2
            </Text>
          </View>
          <View style={s.cardTotal}>
            <Text style={s.cardLabel}>Total a repartir</Text>
            <Text style={s.cardValue}>{formatCLP(totals.total)}</Text>
            <Text style={s.cardNote}>UTV + termopaneles + instalaciones</Text>
          </View>
        </View>

        <Text style={s.sectionTitle}>Reparto por porcentaje de asistencia ({data.trabajadores.length} trabajadores)</Text>
        <View style={s.table}>
          <Head cols={WORKER_COLS} />
          {data.trabajadores.length === 0 && <Text style={s.empty}>No hay trabajadores en la planilla del periodo.</Text>}
          {split.partes.map((p, i) => {
            const t = data.trabajadores[p.index];
            return (
              <Row
                key={p.index}
                cols={WORKER_COLS}
                style={i % 2 ? s.trZebra : undefined}
                values={[
                  t.nombre,
                  formatNumber(t.dias_trab ?? 0, 0),
                  formatNumber(horasTrab(t.dias_trab), 2),
                  formatNumber(t.horas_extras ?? 0, 2),
                  formatNumber(t.horas_retraso ?? 0, 2),
                  formatNumber(horasAcumTrab(t), 2),
                  formatPercent(p.porcentaje_asistencia),
                  formatPercent(p.proporcion * 100),
                  formatCLP(p.monto),
                ]}
              />
            );
          })}
          {data.trabajadores.length > 0 && (
            <Row cols={WORKER_COLS} style={s.trTotal} values={["Total", "", "", "", "", "", formatPercent(split.porcentajeTotal), split.asignado > 0 ? "100,00 %" : "0,00 %", formatCLP(split.asignado)]} />
          )}
        </View>
        <Text style={s.note}>
          % asistencia = máx(0; días × 9 - horas de retraso) / ({dias} días del mes × 9 h) × 100, entre 0 y 100. Cada parte = total × % del trabajador / suma de los %, en pesos enteros; los
          pesos sobrantes van uno a uno a los mayores porcentajes, así las partes suman exactamente el total.
          {split.sinAsignar > 0 ? ` Sin asignar: ${formatCLP(split.sinAsignar)} (nadie registra asistencia).` : ""}
        </Text>

        <Text style={s.sectionTitle}>Registros UTV del periodo</Text>
        <View style={s.table}>
          <Head cols={UTV_COLS} />
          {data.utvs.length === 0 && <Text style={s.empty}>No hay registros UTV en el periodo.</Text>}
          {data.utvs.map((u, i) => (
            <Row
              key={i}
              cols={UTV_COLS}
              style={i % 2 ? s.trZebra : undefined}
              values={[
                formatWorkshopDate(u.fecha),
                [u.nombre_pauta, u.numero_pauta && `N° ${u.numero_pauta}`].filter(Boolean).join(" · ") || "—",
                u.tipo,
                u.instalador ?? "—",
                formatNumber(utvUnits(u), 2),
                formatCLP(u.valor_m2 ?? 3000),
                formatCLP(utvValue(u)),
              ]}
            />
          ))}
        </View>

        <View style={s.footer} fixed>
          <Text>
            {issuer.nombre_fantasia} · Pago taller {titulo} · generado {formatDateTime(generado)}
          </Text>
          <Text render={({ pageNumber, totalPages }) => `Página ${pageNumber} de ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

export async function renderWorkshopPayPdf(data: WorkshopPayData, issuer: Issuer): Promise<Blob> {
  return pdf(<WorkshopPayDocument data={data} generado={new Date()} issuer={issuer} />).toBlob();
}
