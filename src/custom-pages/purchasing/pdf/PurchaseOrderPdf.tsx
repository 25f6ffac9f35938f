// The purchase order PDF (specification section 9), drawn with @react-pdf/renderer and only
// ever loaded through import() (download-oc.ts): titled with the order number; the
// company's logo, address and purchasing e-mail in the header and its RUT once, in the
// document's box (api/empresa); supplier block (salesperson and contact only when the
// supplier's record has them), delivery term and payment condition (its credit days); items (code, product, quantity, unit price, total); net, IVA 19%, total
// (orderTotals of src/domain, as the screens); client and budget; the optional comment;
// "Realizado por" with an "Autorizado" signature line; the transfer-data block.
import { Document, Page, StyleSheet, Text, View, pdf } from "@react-pdf/renderer";
import { formatCLP, formatDate, formatNumber } from "../../../domain/format";
import { itemNet, orderTotals } from "../../../domain/purchasing";
import { condicionPago, type OcPdfDocument } from "./oc-data";
import { C, CompanyBlock, contactLine, documentStyles, Field, OptionalField, TotalsBox } from "../../../components/pdf/document-parts";

const s = {
  ...documentStyles,
  ...StyleSheet.create({
    docBox: { width: 180, borderWidth: 1.2, borderColor: C.primary, borderRadius: 4, padding: 8, alignItems: "center" },
    docTitle: { fontSize: 12, fontFamily: "Helvetica-Bold", color: C.primary, marginVertical: 3, letterSpacing: 0.6, textAlign: "center" },
    signatures: { flexDirection: "row", justifyContent: "space-between", marginTop: 40, gap: 40 },
    signature: { flex: 1, alignItems: "center" },
    signatureLine: { borderTopWidth: 1, borderTopColor: C.text, width: "100%", marginBottom: 4 },
    footer: { position: "absolute", bottom: 24, left: 36, right: 36, fontSize: 7.5, color: C.muted, borderTopWidth: 1, borderTopColor: C.border, paddingTop: 5, flexDirection: "row", justifyContent: "space-between" },
  }),
};

const LW = 92;
const W = { codigo: 80, producto: 228, cantidad: 60, precio: 80, total: 92 };

export function PurchaseOrderDocument({ data }: { data: OcPdfDocument }) {
  const t = orderTotals(data.items);
  const p = data.proveedor;
  const e = data.empresa;
  return (
    <Document title={`Orden de Compra N° ${data.numero_oc}`} author={e.nombre} subject={`OC ${data.numero_oc} a ${p.proveedor}`} creator="Ventanal" producer="Ventanal" language="es-CL">
      <Page size="LETTER" style={s.page}>
        <View style={s.header}>
          <CompanyBlock
            empresa={e}
            lines={[e.direccion, contactLine([e.correo_compras ? `Compras: ${e.correo_compras}` : null, e.telefono ? `Tel. ${e.telefono}` : null])]}
          />
          <View style={s.docBox}>
            <Text style={s.docRut}>{`R.U.T. ${e.rut}`}</Text>
            <Text style={s.docTitle}>ORDEN DE COMPRA</Text>
            <Text style={s.docNumber}>{`N° ${data.numero_oc}`}</Text>
            <Text style={s.docDate}>{`Fecha: ${formatDate(data.fecha)}`}</Text>
          </View>
        </View>
        <View style={s.rule} />

        <View style={s.blocks}>
          <View style={s.block}>
            <Text style={s.blockTitle}>Proveedor</Text>
            <Field labelWidth={LW} label="Razón social" value={p.proveedor} />
            <Field labelWidth={LW} label="RUT" value={p.rut} />
            <OptionalField labelWidth={LW} label="Vendedor" value={p.vendedor} />
            <OptionalField labelWidth={LW} label="Contacto" value={p.contacto} />
            <Field labelWidth={LW} label="Condición de pago" value={condicionPago(p.dias_credito)} />
            <OptionalField labelWidth={LW} label="Plazo de entrega" value={e.plazo_entrega_oc} />
          </View>
          <View style={s.block}>
            <Text style={s.blockTitle}>Cliente y presupuesto</Text>
            <Field labelWidth={LW} label="Cliente" value={data.cliente_nombre} />
            <Field labelWidth={LW} label="Presupuesto" value={data.numero_presupuesto} />
            <Field labelWidth={LW} label="Obra" value={data.observacion} />
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
          <TotalsBox neto={t.neto} iva={t.iva} total={t.total} />
        </View>

        <View style={[s.blocks, { marginTop: 14 }]} wrap={false}>
          <View style={s.block}>
            <Text style={s.blockTitle}>Datos de transferencia</Text>
            <Field labelWidth={LW} label="Proveedor" value={p.proveedor} />
            <Field labelWidth={LW} label="RUT" value={p.rut} />
            <Field labelWidth={LW} label="Banco" value={p.banco} />
            <Field labelWidth={LW} label="Tipo de cuenta" value={p.tipo_de_cuenta ?? "Cuenta corriente"} />
            <Field labelWidth={LW} label="Número" value={p.numero_cuenta} />
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
          <Text>{contactLine([e.nombre, e.correo_compras])}</Text>
          <Text render={({ pageNumber, totalPages }) => `OC N° ${data.numero_oc} · Página ${pageNumber} de ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

/** The purchase order PDF as a Blob. */
export async function renderPurchaseOrderPdf(data: OcPdfDocument): Promise<Blob> {
  return pdf(<PurchaseOrderDocument data={data} />).toBlob();
}
