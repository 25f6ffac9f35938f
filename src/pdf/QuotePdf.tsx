// The quote PDF (Presupuesto), drawn with @react-pdf/renderer. This module is only ever
// loaded through `import()` (see download-quote.ts), so the PDF library stays in its own
// chunk and is downloaded when the user presses "Descargar PDF".
import { Document, Page, StyleSheet, Text, View, pdf } from "@react-pdf/renderer";
import { EMPRESA } from "../config/empresa";
import { formatCLP, formatDate, formatNumber } from "../domain/format";
import { lineTotal } from "../domain/money";
import { C, documentStyles, Field, TotalsBox } from "./document-parts";
import { quoteDocumentTotals, type QuotePdfData, type QuotePdfItem } from "./quote-data";

const s = {
  ...documentStyles,
  ...StyleSheet.create({
    docBox: { width: 170, borderWidth: 1.2, borderColor: C.primary, borderRadius: 4, padding: 8, alignItems: "center" },
    docTitle: { fontSize: 13, fontFamily: "Helvetica-Bold", color: C.primary, marginVertical: 3, letterSpacing: 1 },
    small: { fontSize: 7.5, color: C.muted, marginTop: 1 },
    legal: { marginTop: 14, fontSize: 7.5, color: C.muted },
    footerLeft: {
      position: "absolute",
      bottom: 24,
      left: 36,
      right: 36,
      fontSize: 7.5,
      color: C.muted,
      borderTopWidth: 1,
      borderTopColor: C.border,
      paddingTop: 5,
    },
    footerRight: { position: "absolute", bottom: 24, left: 330, right: 36, paddingTop: 6, fontSize: 7.5, color: C.muted, textAlign: "right" },
  }),
};

/** Column widths (portrait letter, 540 pt of content). */
const W = { item: 40, recinto: 90, medidas: 80, tipo: 118, cantidad: 40, precio: 80, total: 92 };

function medidas(it: QuotePdfItem): string {
  if (it.ancho === null && it.alto === null) return "—";
  return `${formatNumber(it.ancho) || "?"} × ${formatNumber(it.alto) || "?"}`;
}

function detalles(it: QuotePdfItem): string[] {
  const out: string[] = [];
  if (it.grada_buque) out.push("Con grada buque");
  if (it.adicional && !it.observaciones && it.cuadros_adicionales > 0) {
    out.push(`${it.cuadros_adicionales} ${it.cuadros_adicionales === 1 ? "cuadro adicional" : "cuadros adicionales"}`);
  }
  if (it.observaciones && it.texto_observaciones) out.push(`Obs.: ${it.texto_observaciones}`);
  return out;
}

function ItemsTable({ items }: { items: readonly QuotePdfItem[] }) {
  return (
    <View style={s.table}>
      <View style={s.th} fixed>
        <Text style={[s.cell, { width: W.item }]}>Ítem</Text>
        <Text style={[s.cell, { width: W.recinto }]}>Recinto</Text>
        <Text style={[s.cell, { width: W.medidas }]}>Medidas (mm)</Text>
        <Text style={[s.cell, { width: W.tipo }]}>Tipo de ventana y apertura</Text>
        <Text style={[s.cell, s.right, { width: W.cantidad }]}>Cant.</Text>
        <Text style={[s.cell, s.right, { width: W.precio }]}>Precio unitario</Text>
        <Text style={[s.cell, s.right, { width: W.total }]}>Total línea</Text>
      </View>
      {items.length === 0 && <Text style={s.empty}>Este presupuesto no tiene ítems.</Text>}
      {items.map((it, i) => {
        const extra = detalles(it);
        return (
          <View key={`${it.id ?? i}`} style={[s.tr, i % 2 === 1 ? s.trZebra : {}]} wrap={false}>
            <Text style={[s.cell, { width: W.item }]}>{it.item || String(i + 1)}</Text>
            <Text style={[s.cell, { width: W.recinto }]}>{it.recinto || "—"}</Text>
            <Text style={[s.cell, { width: W.medidas }]}>{medidas(it)}</Text>
            <View style={[s.cell, { width: W.tipo }]}>
              <Text>{`${it.tipo_ventana} · ${it.tipo_apertura}`}</Text>
              {extra.map((line) => (
                <Text key={line} style={s.small}>
                  {line}
                </Text>
              ))}
            </View>
            <Text style={[s.cell, s.right, { width: W.cantidad }]}>{formatNumber(it.cantidad ?? 1)}</Text>
            <Text style={[s.cell, s.right, { width: W.precio }]}>{formatCLP(it.precio_unitario ?? 0)}</Text>
            <Text style={[s.cell, s.right, { width: W.total }]}>{formatCLP(lineTotal(it.cantidad, it.precio_unitario))}</Text>
          </View>
        );
      })}
    </View>
  );
}

export function QuoteDocument({ data }: { data: QuotePdfData }) {
  const { presupuesto: p, cliente, items } = data;
  const t = quoteDocumentTotals(data);
  return (
    <Document
      title={`Presupuesto N° ${p.numero}`}
      author={EMPRESA.nombre}
      subject={`Presupuesto ${p.numero} para ${cliente.nombre}`}
      creator="Ventanal"
      producer="Ventanal"
      language="es-CL"
    >
      <Page size="LETTER" style={s.page}>
        <View style={s.header}>
          <View style={s.company}>
            <Text style={s.brand}>{EMPRESA.nombreFantasia}</Text>
            <Text style={s.legalName}>{EMPRESA.nombre}</Text>
            <Text style={s.companyLine}>{EMPRESA.giro}</Text>
            <Text style={s.companyLine}>{EMPRESA.direccion}</Text>
            <Text style={s.companyLine}>{`Tel. ${EMPRESA.telefono} · ${EMPRESA.correo} · ${EMPRESA.sitioWeb}`}</Text>
          </View>
          <View style={s.docBox}>
            <Text style={s.docRut}>{`R.U.T. ${EMPRESA.rut}`}</Text>
            <Text style={s.docTitle}>PRESUPUESTO</Text>
            <Text style={s.docNumber}>{`N° ${p.numero}`}</Text>
            <Text style={s.docDate}>{`Fecha: ${formatDate(p.fecha)}`}</Text>
          </View>
        </View>
        <View style={s.rule} />

        <View style={s.blocks}>
          <View style={s.block}>
            <Text style={s.blockTitle}>Cliente</Text>
            <Field labelWidth={58} label="Nombre" value={cliente.nombre} />
            <Field labelWidth={58} label="RUT" value={cliente.rut} />
            <Field labelWidth={58} label="Dirección" value={cliente.direccion} />
            {(cliente.telefono || cliente.correo) && (
              <Field labelWidth={58} label="Contacto" value={[cliente.telefono, cliente.correo].filter(Boolean).join(" · ")} />
            )}
          </View>
          <View style={s.block}>
            <Text style={s.blockTitle}>Obra</Text>
            <Field labelWidth={58} label="Obra" value={p.nombre_obra} />
            <Field labelWidth={58} label="Dirección" value={p.direccion} />
          </View>
        </View>

        <ItemsTable items={items} />

        <View style={s.bottom} wrap={false}>
          <View style={s.notes}>
            <Text style={s.blockTitle}>Observaciones</Text>
            <Text style={s.notesText}>{p.observacion && p.observacion.trim() !== "" ? p.observacion : "Sin observaciones."}</Text>
          </View>
          <TotalsBox neto={t.neto} iva={t.iva} total={t.total} />
        </View>

        <Text style={s.legal}>Valores en pesos chilenos (CLP). Medidas en milímetros (ancho × alto).</Text>

        <Text style={s.footerLeft} fixed>{`${EMPRESA.nombre} · R.U.T. ${EMPRESA.rut} · ${EMPRESA.telefono}`}</Text>
        <Text
          style={s.footerRight}
          fixed
          render={({ pageNumber, totalPages }) => `Presupuesto N° ${p.numero} · Página ${pageNumber} de ${totalPages}`}
        />
      </Page>
    </Document>
  );
}

/** The quote PDF as a Blob. */
export async function renderQuotePdf(data: QuotePdfData): Promise<Blob> {
  return pdf(<QuoteDocument data={data} />).toBlob();
}
