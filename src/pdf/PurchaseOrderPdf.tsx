// The purchase order PDF (specification section 9), drawn with @react-pdf/renderer and only
// ever loaded through import() (download-oc.ts): titled with the order number; the
// company's address, tax id and purchasing e-mail in the header (src/config/empresa.ts);
// supplier block; items (code, product, quantity, unit price, total); net, IVA 19%, total
// (orderTotals of src/domain, as the screens); client and budget; the optional comment;
// "Realizado por" with an "Autorizado" signature line; the transfer-data block.
import { Document, Page, StyleSheet, Text, View, pdf } from "@react-pdf/renderer";
import { EMPRESA } from "../config/empresa";
import { formatCLP, formatDate, formatNumber } from "../domain/format";
import { itemNet, orderTotals } from "../domain/purchasing";
import type { OcPdfData } from "./oc-data";
import { PdfLogo } from "./PdfLogo";

const C = { primary: "#1d5c8c", text: "#1f2933", muted: "#5b6b79", border: "#d8e0e7", zebra: "#f4f7fa" };

const s = StyleSheet.create({
  page: { paddingTop: 36, paddingBottom: 54, paddingHorizontal: 36, fontSize: 9, fontFamily: "Helvetica", color: C.text },
  header: { flexDirection: "row", justifyContent: "space-between", alignItems: "flex-start", marginBottom: 14 },
  company: { maxWidth: 330 },
  brand: { fontSize: 20, fontFamily: "Helvetica-Bold", color: C.primary, lineHeight: 1.1, marginBottom: 4 },
  legalName: { fontSize: 9.5, fontFamily: "Helvetica-Bold", marginBottom: 2 },
  companyLine: { fontSize: 8.5, color: C.muted, marginBottom: 1.5 },
  docBox: { width: 180, borderWidth: 1.2, borderColor: C.primary, borderRadius: 4, padding: 8, alignItems: "center" },
  docRut: { fontSize: 9, fontFamily: "Helvetica-Bold", color: C.primary },
  docTitle: { fontSize: 12, fontFamily: "Helvetica-Bold", color: C.primary, marginVertical: 3, letterSpacing: 0.6, textAlign: "center" },
  docNumber: { fontSize: 11, fontFamily: "Helvetica-Bold" },
  docDate: { fontSize: 9, color: C.muted, marginTop: 3 },
  rule: { height: 2, backgroundColor: C.primary, marginBottom: 12 },
  blocks: { flexDirection: "row", gap: 12, marginBottom: 14 },
  block: { flex: 1, borderWidth: 1, borderColor: C.border, borderRadius: 4, padding: 8 },
  blockTitle: { fontSize: 8, fontFamily: "Helvetica-Bold", color: C.primary, textTransform: "uppercase", letterSpacing: 0.6, marginBottom: 4 },
  fieldRow: { flexDirection: "row", marginBottom: 3 },
  fieldLabel: { width: 78, color: C.muted },
  fieldValue: { flex: 1 },
  table: { borderWidth: 1, borderColor: C.border, borderRadius: 3 },
  th: { flexDirection: "row", backgroundColor: C.primary, color: "#ffffff", fontFamily: "Helvetica-Bold", fontSize: 8 },
  tr: { flexDirection: "row", borderTopWidth: 1, borderTopColor: C.border },
  trZebra: { backgroundColor: C.zebra },
  cell: { paddingVertical: 4, paddingHorizontal: 5 },
  right: { textAlign: "right" },
  empty: { padding: 10, textAlign: "center", color: C.muted },
  bottom: { flexDirection: "row", justifyContent: "space-between", alignItems: "flex-start", marginTop: 12, gap: 16 },
  notes: { flex: 1, borderWidth: 1, borderColor: C.border, borderRadius: 4, padding: 8, minHeight: 40 },
  notesText: { fontSize: 8.5, lineHeight: 1.4 },
  totals: { width: 200, borderWidth: 1, borderColor: C.border, borderRadius: 4 },
  totalRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 4, paddingHorizontal: 8 },
  totalFinal: { backgroundColor: C.primary, color: "#ffffff", fontFamily: "Helvetica-Bold", fontSize: 10.5 },
  signatures: { flexDirection: "row", justifyContent: "space-between", marginTop: 40, gap: 40 },
  signature: { flex: 1, alignItems: "center" },
  signatureLine: { borderTopWidth: 1, borderTopColor: C.text, width: "100%", marginBottom: 4 },
  footer: { position: "absolute", bottom: 24, left: 36, right: 36, fontSize: 7.5, color: C.muted, borderTopWidth: 1, borderTopColor: C.border, paddingTop: 5, flexDirection: "row", justifyContent: "space-between" },
});

const W = { codigo: 80, producto: 228, cantidad: 60, precio: 80, total: 92 };

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <View style={s.fieldRow}>
      <Text style={s.fieldLabel}>{label}</Text>
      <Text style={s.fieldValue}>{value && String(value).trim() !== "" ? value : "—"}</Text>
    </View>
  );
}

export function PurchaseOrderDocument({ data }: { data: OcPdfData }) {
  const t = orderTotals(data.items);
  const p = data.proveedor;
  return (
    <Document title={`Orden de Compra N° ${data.numero_oc}`} author={EMPRESA.nombre} subject={`OC ${data.numero_oc} a ${p.proveedor}`} creator="Ventanal" producer="Ventanal" language="es-CL">
      <Page size="LETTER" style={s.page}>
        <View style={s.header}>
          <View style={s.company}>
            <View style={{ flexDirection: "row", alignItems: "center", gap: 8, marginBottom: 4 }}>
              <PdfLogo size={34} />
              <Text style={[s.brand, { marginBottom: 0 }]}>{EMPRESA.nombreFantasia}</Text>
            </View>
            <Text style={s.legalName}>{EMPRESA.nombre}</Text>
            <Text style={s.companyLine}>{EMPRESA.direccion}</Text>
            <Text style={s.companyLine}>{`R.U.T. ${EMPRESA.rut}`}</Text>
            <Text style={s.companyLine}>{`Compras: ${EMPRESA.correoCompras} · Tel. ${EMPRESA.telefono}`}</Text>
          </View>
          <View style={s.docBox}>
            <Text style={s.docRut}>{`R.U.T. ${EMPRESA.rut}`}</Text>
            <Text style={s.docTitle}>ORDEN DE COMPRA</Text>
            <Text style={s.docNumber}>{`N° ${data.numero_oc}`}</Text>
            <Text style={s.docDate}>{`Fecha: ${formatDate(data.fecha)}`}</Text>
          </View>
        </View>
        <View style={s.rule} />

        <View style={s.blocks}>
          <View style={s.block}>
            <Text style={s.blockTitle}>Proveedor</Text>
            <Field label="Razón social" value={p.proveedor} />
            <Field label="RUT" value={p.rut} />
            <Field label="Vendedor" value={p.vendedor} />
            <Field label="Contacto" value={p.contacto} />
          </View>
          <View style={s.block}>
            <Text style={s.blockTitle}>Cliente y presupuesto</Text>
            <Field label="Cliente" value={data.cliente_nombre} />
            <Field label="Presupuesto" value={data.numero_presupuesto} />
            <Field label="Obra" value={data.observacion} />
          </View>
        </View>

        <View style={s.table}>
          <View style={s.th} fixed>
            <Text style={[s.cell, { width: W.codigo }]}>Código</Text>
            <Text style={[s.cell, { width: W.producto }]}>Producto</Text>
            <Text style={[s.cell, s.right, { width: W.cantidad }]}>Cantidad</Text>
            <Text style={[s.cell, s.right, { width: W.precio }]}>Precio unitario</Text>
            <Text style={[s.cell, s.right, { width: W.total }]}>Total</Text>
          </View>
          {data.items.length === 0 && <Text style={s.empty}>Esta orden no tiene ítems.</Text>}
          {data.items.map((it, i) => (
            <View key={`${it.codigo}-${i}`} style={[s.tr, i % 2 === 1 ? s.trZebra : {}]} wrap={false}>
              <Text style={[s.cell, { width: W.codigo }]}>{it.codigo}</Text>
              <Text style={[s.cell, { width: W.producto }]}>{it.producto}</Text>
              <Text style={[s.cell, s.right, { width: W.cantidad }]}>{`${formatNumber(it.cantidad)} ${it.unidad ?? "UN"}`}</Text>
              <Text style={[s.cell, s.right, { width: W.precio }]}>{formatCLP(it.precio_unitario)}</Text>
              <Text style={[s.cell, s.right, { width: W.total }]}>{formatCLP(itemNet(it))}</Text>
            </View>
          ))}
        </View>

        <View style={s.bottom} wrap={false}>
          <View style={s.notes}>
            <Text style={s.blockTitle}>Comentario</Text>
            <Text style={s.notesText}>{data.comentario && data.comentario.trim() !== "" ? data.comentario : "Sin comentario."}</Text>
          </View>
          <View style={s.totals}>
            <View style={s.totalRow}>
              <Text>Neto</Text>
              <Text>{formatCLP(t.neto)}</Text>
            </View>
            <View style={[s.totalRow, { borderTopWidth: 1, borderTopColor: C.border }]}>
              <Text>IVA 19%</Text>
              <Text>{formatCLP(t.iva)}</Text>
            </View>
            <View style={[s.totalRow, s.totalFinal]}>
              <Text>Total</Text>
              <Text>{formatCLP(t.total)}</Text>
            </View>
          </View>
        </View>

        <View style={[s.blocks, { marginTop: 14 }]} wrap={false}>
          <View style={s.block}>
            <Text style={s.blockTitle}>Datos de transferencia</Text>
            <Field label="Proveedor" value={p.proveedor} />
            <Field label="RUT" value={p.rut} />
            <Field label="Banco" value={p.banco} />
            <Field label="Tipo de cuenta" value={p.tipo_de_cuenta ?? "Cuenta corriente"} />
            <Field label="Número" value={p.numero_cuenta} />
          </View>
        </View>

        <View style={s.signatures} wrap={false}>
          <View style={s.signature}>
            <View style={s.signatureLine} />
            <Text>{`Realizado por: ${data.realizado_por}`}</Text>
          </View>
          <View style={s.signature}>
            <View style={s.signatureLine} />
            <Text>Autorizado</Text>
          </View>
        </View>

        <View style={s.footer} fixed>
          <Text>{`${EMPRESA.nombre} · R.U.T. ${EMPRESA.rut} · ${EMPRESA.correoCompras}`}</Text>
          <Text render={({ pageNumber, totalPages }) => `OC N° ${data.numero_oc} · Página ${pageNumber} de ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

/** The purchase order PDF as a Blob. */
export async function renderPurchaseOrderPdf(data: OcPdfData): Promise<Blob> {
  return pdf(<PurchaseOrderDocument data={data} />).toBlob();
}
