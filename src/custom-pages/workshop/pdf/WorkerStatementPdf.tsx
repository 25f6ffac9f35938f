// The worker statement (beyond the specification): one page per worker and month with
// days, hours, extra and delay hours, attendance %, the period's UTV, thermal and
// installation totals and how that worker's share was computed (statement.ts), so each
// worker can check their pay. Same split as the pay PDF. Loaded only through import().
import { Document, Page, Text, View, pdf } from "@react-pdf/renderer";
import type { Issuer } from "../../../components/pdf/document-parts";
import { formatCLP, formatNumber } from "../../../domain/format";
import { formatDateTime } from "../../../domain/format/date";
import { formatM2, formatPercent } from "../../../domain/workshop/format";
import type { WorkerStatement } from "../../../domain/workshop/statement";
import { Head, Row, s } from "./WorkshopPayPdf";

/** Helvetica (the PDF's built-in font) has no U+2212 minus sign: print a hyphen. */
export const pdfText = (text: string) => text.replace(/\u2212/g, "-");

const COLS = [
  { title: "Concepto", width: 330 },
  { title: "Valor", width: 200, right: true },
];

export function WorkerStatementDocument({ st, generado, issuer }: { st: WorkerStatement; generado: Date; issuer: Issuer }) {
  const t = st.trabajador;
  const hours: [string, string][] = [
    ["Días trabajados", formatNumber(t.dias_trab, 0)],
    ["Horas trabajadas (días × 9)", formatNumber(t.horas_trab, 2)],
    ["Horas extras", formatNumber(t.horas_extras, 2)],
    ["Horas de retraso", formatNumber(t.horas_retraso, 2)],
    ["Horas acumuladas (trabajadas + extras - retraso)", formatNumber(t.horas_acum_trab, 2)],
    [`Horas de asistencia (de ${formatNumber(st.horasDelMes, 0)} del mes)`, formatNumber(t.horas_asistencia, 2)],
    ["% de asistencia", formatPercent(t.porcentaje_asistencia)],
  ];
  const taller: [string, string][] = [
    [`UTV (${st.taller.utv.registros} registros, ${formatNumber(st.taller.utv.unidades, 2)} UTV)`, formatCLP(st.taller.utv.valor)],
    [`Termopaneles (${st.taller.termopanel.registros} registros, ${formatM2(st.taller.termopanel.m2)} m2)`, formatCLP(st.taller.termopanel.valor)],
    [`Instalaciones propias (${st.taller.instalacion.registros}, ${formatM2(st.taller.instalacion.m2)} m2)`, formatCLP(st.taller.instalacion.valor)],
  ];
  return (
    <Document title={`Liquidación taller ${t.nombre} ${st.titulo}`} author={issuer.nombre}>
      <Page size="LETTER" style={s.page}>
        <View style={s.header}>
          <View>
            <Text style={s.brand}>{issuer.nombre_fantasia}</Text>
            <Text style={s.companyLine}>
              {issuer.nombre} · RUT {issuer.rut}
            </Text>
          </View>
          <View>
            <Text style={s.title}>Liquidación de pago del taller</Text>
            <Text style={s.subtitle}>
              {t.nombre} · {st.titulo}
            </Text>
          </View>
        </View>
        <View style={s.rule} />

        <View style={s.cards}>
          <View style={s.card}>
            <Text style={s.cardLabel}>Asistencia</Text>
            <Text style={s.cardValue}>{formatPercent(t.porcentaje_asistencia)}</Text>
          </View>
          <View style={s.card}>
            <Text style={s.cardLabel}>Total del taller</Text>
            <Text style={s.cardValue}>{formatCLP(st.taller.total)}</Text>
          </View>
          <View style={s.cardTotal}>
            <Text style={s.cardLabel}>Monto a pagar</Text>
            <Text style={s.cardValue}>{formatCLP(st.reparto.monto)}</Text>
          </View>
        </View>

        <Text style={s.sectionTitle}>Asistencia de {st.titulo} ({st.diasDelMes} días)</Text>
        <View style={s.table}>
          <Head cols={COLS} />
          {hours.map(([k, v], i) => (
            <Row key={k} cols={COLS} values={[k, v]} style={i % 2 ? s.trZebra : undefined} />
          ))}
        </View>
        {t.observacion && <Text style={s.note}>Observación: {t.observacion}</Text>}

        <Text style={s.sectionTitle}>Producción del taller</Text>
        <View style={s.table}>
          <Head cols={COLS} />
          {taller.map(([k, v], i) => (
            <Row key={k} cols={COLS} values={[k, v]} style={i % 2 ? s.trZebra : undefined} />
          ))}
          <Row cols={COLS} values={["Total a repartir", formatCLP(st.taller.total)]} style={s.trTotal} />
        </View>

        <Text style={s.sectionTitle}>Cómo se calculó su parte</Text>
        <View style={s.table}>
          <Head cols={COLS} />
          <Row cols={COLS} values={[`Trabajadores en la planilla`, String(st.reparto.trabajadores)]} />
          <Row cols={COLS} values={["Suma de los % de asistencia", formatPercent(st.reparto.porcentajeTotal)]} style={s.trZebra} />
          <Row cols={COLS} values={["Su proporción", formatPercent(st.reparto.proporcion * 100)]} />
          <Row cols={COLS} values={["Parte exacta", `$${formatNumber(st.reparto.exacto, 2)}`]} style={s.trZebra} />
          <Row cols={COLS} values={["Parte entera", formatCLP(st.reparto.base)]} />
          <Row cols={COLS} values={["Peso sobrante asignado", st.reparto.resto ? "$1" : "$0"]} style={s.trZebra} />
          <Row cols={COLS} values={["Monto a pagar", formatCLP(st.reparto.monto)]} style={s.trTotal} />
        </View>
        {st.explicacion.map((line, i) => (
          <Text key={i} style={s.note}>
            {pdfText(line)}
          </Text>
        ))}

        <View style={s.footer} fixed>
          <Text>
            {issuer.nombre_fantasia} · Liquidación {t.nombre} {st.titulo} · generado {formatDateTime(generado)}
          </Text>
          <Text>Firma trabajador: ______________________</Text>
        </View>
      </Page>
    </Document>
  );
}

export async function renderWorkerStatementPdf(st: WorkerStatement, issuer: Issuer): Promise<Blob> {
  return pdf(<WorkerStatementDocument st={st} generado={new Date()} issuer={issuer} />).toBlob();
}
