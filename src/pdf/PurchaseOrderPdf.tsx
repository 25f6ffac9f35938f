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
import { C, documentStyles, Field, TotalsBox } from "./document-parts";
import { PdfLogo } from "./PdfLogo";

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

const W = { codigo: 80, producto: 228, cantidad: 60, precio: 80, total: 92 };

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
            <Field labelWidth={78} label="Razón social" value={p.proveedor} />
            <Field labelWidth={78} label="RUT" value={p.rut} />
            <Field labelWidth={78} label="Vendedor" value={p.vendedor} />
            <Field labelWidth={78} label="Contacto" value={p.contacto} />
          </View>
          <View style={s.block}>
            <Text style={s.blockTitle}>Cliente y presupuesto</Text>
            <Field labelWidth={78} label="Cliente" value={data.cliente_nombre} />
            <Field labelWidth={78} label="Presupuesto" value={data.numero_presupuesto} />
            <Field labelWidth={78} label="Obra" value={data.observacion} />
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
            <Field labelWidth={78} label="Proveedor" value={p.proveedor} />
            <Field labelWidth={78} label="RUT" value={p.rut} />
            <Field labelWidth={78} label="Banco" value={p.banco} />
            <Field labelWidth={78} label="Tipo de cuenta" value={p.tipo_de_cuenta ?? "Cuenta corriente"} />
            <Field labelWidth={78} label="Número" value={p.numero_cuenta} />
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
