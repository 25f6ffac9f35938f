// The quote PDF (Presupuesto), drawn with @react-pdf/renderer. This module is only ever
// loaded through `import()` (see download-quote.ts), so the PDF library stays in its own
// chunk and is downloaded when the user presses "Descargar PDF". What a Chilean customer
// expects before signing: the issuer (api/empresa, with its logo), the items, totals,
// the offer's validity, payment terms, delivery time, the salesperson, the bank account
// for the transfer and a line for the customer's acceptance (or, once the client accepted
// through the link, the signed acceptance block). Each item is drawn beside its row (its
// elevation, 60 mm wide, seen as api/empresa's vista_dibujos says).
import { Document, Image, Page, Path, StyleSheet, Svg, Text, View, pdf } from "@react-pdf/renderer";
import { addDays } from "../../../domain/dates/dates";
import { formatCLP, formatDate, formatDateTime, formatNumber } from "../../../domain/format";
import { lineTotal } from "../../../domain/money";
import { cantidadEfectiva } from "../../../domain/sales/cantidad";
import { tipoLabel } from "../../../domain/sales/utv";
import type { ElevationView } from "../../../domain/sales/elevation";
import { FIRMA_ALTO, FIRMA_ANCHO, hashCorto } from "../../../domain/sales/enlaces";
import { ElevationPdf } from "./ElevationPdf";
import { C, CompanyBlock, contactLine, documentStyles, Field, OptionalField, TotalsBox } from "../../../components/pdf/document-parts";
import { quoteDocumentTotals, type QuoteAcceptance, type QuotePdfData, type QuotePdfItem } from "./quote-data";

const s = {
  ...documentStyles,
  ...StyleSheet.create({
    docBox: { width: 170, borderWidth: 1.2, borderColor: C.primary, borderRadius: 4, padding: 8, alignItems: "center" },
    docTitle: { fontSize: 13, fontFamily: "Helvetica-Bold", color: C.primary, marginVertical: 3, letterSpacing: 1 },
    small: { fontSize: 7.5, color: C.muted, marginTop: 1 },
    itemTitle: { fontFamily: "Helvetica-Bold", marginBottom: 2 },
    itemLine: { marginBottom: 1.5 },
    drawing: { paddingVertical: 4, paddingHorizontal: 0 },
    legal: { marginTop: 8, fontSize: 7.5, color: C.muted },
    acceptText: { fontSize: 8.5, marginBottom: 22 },
    signatures: { flexDirection: "row", gap: 14 },
    signature: { flex: 1, alignItems: "center" },
    signatureLine: { borderTopWidth: 1, borderTopColor: C.text, width: "100%", marginBottom: 3 },
    footer: {
      position: "absolute",
      bottom: 24,
      left: 36,
      right: 36,
      fontSize: 7.5,
      color: C.muted,
      borderTopWidth: 1,
      borderTopColor: C.border,
      paddingTop: 5,
      flexDirection: "row",
      justifyContent: "space-between",
    },
  }),
};

/** Column widths (portrait letter, 540 pt of content): the drawing 60 mm (170 pt). */
const W = { dibujo: 170, detalle: 170, cantidad: 40, precio: 75, total: 85 };
const LW = 92;

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

/** "15 días, hasta el 10-12-2026": counted from the quote's date. */
export function validezText(fecha: string, dias: number): string {
  return `${dias} ${dias === 1 ? "día" : "días"}, hasta el ${formatDate(addDays(fecha, dias))}`;
}

function ItemsTable({ items, view }: { items: readonly QuotePdfItem[]; view: ElevationView }) {
  return (
    <View style={s.table}>
      <View style={s.th} fixed>
        <Text style={[s.cell, { width: W.dibujo }]}>Dibujo</Text>
        <Text style={[s.cell, { width: W.detalle }]}>Ítem, recinto, tipo y medidas</Text>
        <Text style={[s.cell, s.right, { width: W.cantidad }]}>Cant.</Text>
        <Text style={[s.cell, s.right, { width: W.precio }]}>Precio unitario</Text>
        <Text style={[s.cell, s.right, { width: W.total }]}>Total línea</Text>
      </View>
      {items.length === 0 && <Text style={s.empty}>Este presupuesto no tiene ítems.</Text>}
      {items.map((it, i) => {
        const extra = detalles(it);
        return (
          <View key={`${it.id ?? i}`} style={[s.tr, i % 2 === 1 ? s.trZebra : {}]} wrap={false}>
            <View style={[s.drawing, { width: W.dibujo }]}>
              <ElevationPdf item={it} view={view} width={W.dibujo} />
            </View>
            <View style={[s.cell, { width: W.detalle }]}>
              <Text style={s.itemTitle}>{[it.item || `Ítem ${i + 1}`, it.recinto].filter(Boolean).join(" · ")}</Text>
              <Text style={s.itemLine}>{`${tipoLabel(it.tipo_ventana)} · ${tipoLabel(it.tipo_apertura)}`}</Text>
              <Text style={s.itemLine}>{it.ancho === null && it.alto === null ? "Medidas por definir" : `${medidas(it)} mm (ancho × alto)`}</Text>
              {extra.map((line) => (
                <Text key={line} style={s.small}>
                  {line}
                </Text>
              ))}
            </View>
            <Text style={[s.cell, s.right, { width: W.cantidad }]}>{formatNumber(cantidadEfectiva(it.cantidad))}</Text>
            <Text style={[s.cell, s.right, { width: W.precio }]}>{formatCLP(it.precio_unitario ?? 0)}</Text>
            <Text style={[s.cell, s.right, { width: W.total }]}>{formatCLP(lineTotal(it.cantidad, it.precio_unitario))}</Text>
          </View>
        );
      })}
    </View>
  );
}

/** The client's acceptance through the link: this PDF is the signed copy. */
function SignedBlock({ numero, a }: { numero: string; a: QuoteAcceptance }) {
  return (
    <View style={[s.block, { flexGrow: 0, flexShrink: 0, flexBasis: "auto" }]} wrap={false}>
      <Text style={s.blockTitle}>Aceptación del cliente (firmada en línea)</Text>
      <Text style={{ fontSize: 8.5, marginBottom: 6 }}>{`${a.nombre}, RUT ${a.rut}, aceptó el presupuesto N° ${numero} y sus condiciones.`}</Text>
      <View style={{ flexDirection: "row", gap: 14, alignItems: "flex-end" }}>
        <View style={{ width: 180, alignItems: "center" }}>
          {a.firma.startsWith("data:image/png") ? (
            <Image src={a.firma} style={{ width: 180, height: 60, objectFit: "contain" }} />
          ) : (
            <Svg viewBox={`0 0 ${FIRMA_ANCHO} ${FIRMA_ALTO}`} width={180} height={60}>
              <Path d={a.firma} stroke="#1f2937" strokeWidth={4} fill="none" strokeLinecap="round" strokeLinejoin="round" />
            </Svg>
          )}
          <View style={[s.signatureLine, { marginTop: 2 }]} />
          <Text>Firma</Text>
        </View>
        <View style={{ flex: 1, gap: 2 }}>
          <Field labelWidth={LW} label="Nombre" value={a.nombre} />
          <Field labelWidth={LW} label="RUT" value={a.rut} />
          <Field labelWidth={LW} label="Fecha (Chile)" value={formatDateTime(a.aceptado_en)} />
          <Field labelWidth={LW} label="Versión aceptada" value={hashCorto(a.hash)} />
        </View>
      </View>
    </View>
  );
}

export function QuoteDocument({ data }: { data: QuotePdfData }) {
  const { presupuesto: p, cliente, items, empresa: e, vendedor } = data;
  const t = quoteDocumentTotals(data);
  return (
    <Document
      title={`Presupuesto N° ${p.numero}`}
      author={e.nombre}
      subject={`Presupuesto ${p.numero} para ${cliente.nombre}`}
      creator="Ventanal"
      producer="Ventanal"
      language="es-CL"
    >
      <Page size="LETTER" style={s.page}>
        <View style={s.header}>
          <CompanyBlock
            empresa={e}
            lines={[e.giro, e.direccion, contactLine([e.telefono ? `Tel. ${e.telefono}` : null, e.correo, e.sitio_web])]}
          />
          <View style={s.docBox}>
            <Text style={s.docRut}>{`R.U.T. ${e.rut}`}</Text>
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

        <ItemsTable items={items} view={e.vista_dibujos} />

        <View style={s.bottom} wrap={false}>
          <View style={s.notes}>
            <Text style={s.blockTitle}>Observaciones</Text>
            <Text style={s.notesText}>{p.observacion && p.observacion.trim() !== "" ? p.observacion : "Sin observaciones."}</Text>
          </View>
          <TotalsBox neto={t.neto} iva={t.iva} total={t.total} />
        </View>
        <Text style={s.legal}>Valores en pesos chilenos (CLP). Medidas en milímetros (ancho × alto).</Text>

        <View style={[s.blocks, { marginTop: 12 }]} wrap={false}>
          <View style={[s.block, { flex: 1.35 }]}>
            <Text style={s.blockTitle}>Condiciones comerciales</Text>
            <Field labelWidth={LW} label="Validez de la oferta" value={validezText(p.fecha, e.validez_oferta_dias)} />
            <Field labelWidth={LW} label="Forma de pago" value={e.forma_pago} />
            <Field labelWidth={LW} label="Plazo de entrega" value={e.plazo_entrega} />
            <OptionalField labelWidth={LW} label="Vendedor" value={vendedor?.nombre} />
            <OptionalField labelWidth={LW} label="Correo" value={vendedor?.correo} />
            <OptionalField labelWidth={LW} label="Teléfono" value={vendedor?.telefono} />
          </View>
          <View style={s.block}>
            <Text style={s.blockTitle}>Datos para transferencia</Text>
            <Field labelWidth={LW} label="Titular" value={e.nombre} />
            <Field labelWidth={LW} label="RUT" value={e.rut} />
            <Field labelWidth={LW} label="Banco" value={e.banco} />
            <Field labelWidth={LW} label="Tipo de cuenta" value={e.tipo_cuenta} />
            <Field labelWidth={LW} label="N° de cuenta" value={e.numero_cuenta} />
            <OptionalField labelWidth={LW} label="Aviso de pago" value={e.correo_transferencias} />
          </View>
        </View>

        {data.aceptacion ? (
          <SignedBlock numero={p.numero} a={data.aceptacion} />
        ) : (
        <View style={[s.block, { flexGrow: 0, flexShrink: 0, flexBasis: "auto" }]} wrap={false}>
          <Text style={s.blockTitle}>Aceptación del cliente</Text>
          <Text style={s.acceptText}>{`Acepto el presupuesto N° ${p.numero} y sus condiciones.`}</Text>
          <View style={s.signatures}>
            {["Nombre", "RUT", "Firma", "Fecha"].map((label) => (
              <View key={label} style={s.signature}>
                <View style={s.signatureLine} />
                <Text>{label}</Text>
              </View>
            ))}
          </View>
        </View>
        )}

        <View style={s.footer} fixed>
          <Text>{contactLine([e.nombre, e.telefono, e.correo])}</Text>
          <Text render={({ pageNumber, totalPages }) => `Presupuesto N° ${p.numero} · Página ${pageNumber} de ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

/** The quote PDF as a Blob. */
export async function renderQuotePdf(data: QuotePdfData): Promise<Blob> {
  return pdf(<QuoteDocument data={data} />).toBlob();
}
