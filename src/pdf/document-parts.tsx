// What the letter-size documents (quote, purchase order) share: the palette, the page,
// header, blocks, table and totals styles, and the Neto / IVA 19% / Total box. Each
// document spreads `documentStyles` and adds or overrides only its own styles.
import { StyleSheet, Text, View } from "@react-pdf/renderer";
import { formatCLP } from "../domain/format";

export const C = { primary: "#1d5c8c", text: "#1f2933", muted: "#5b6b79", border: "#d8e0e7", zebra: "#f4f7fa" };

export const documentStyles = StyleSheet.create({
  page: { paddingTop: 36, paddingBottom: 54, paddingHorizontal: 36, fontSize: 9, fontFamily: "Helvetica", color: C.text },
  header: { flexDirection: "row", justifyContent: "space-between", alignItems: "flex-start", marginBottom: 14 },
  company: { maxWidth: 330 },
  brand: { fontSize: 20, fontFamily: "Helvetica-Bold", color: C.primary, lineHeight: 1.1, marginBottom: 4 },
  legalName: { fontSize: 9.5, fontFamily: "Helvetica-Bold", marginBottom: 2 },
  companyLine: { fontSize: 8.5, color: C.muted, marginBottom: 1.5 },
  docRut: { fontSize: 9, fontFamily: "Helvetica-Bold", color: C.primary },
  docNumber: { fontSize: 11, fontFamily: "Helvetica-Bold" },
  docDate: { fontSize: 9, color: C.muted, marginTop: 3 },
  rule: { height: 2, backgroundColor: C.primary, marginBottom: 12 },
  blocks: { flexDirection: "row", gap: 12, marginBottom: 14 },
  block: { flex: 1, borderWidth: 1, borderColor: C.border, borderRadius: 4, padding: 8 },
  blockTitle: { fontSize: 8, fontFamily: "Helvetica-Bold", color: C.primary, textTransform: "uppercase", letterSpacing: 0.6, marginBottom: 4 },
  fieldRow: { flexDirection: "row", marginBottom: 3 },
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
});

const s = documentStyles;

/** A label and its value in a block; an empty value shows "—". */
export function Field({ label, value, labelWidth }: { label: string; value: string | null | undefined; labelWidth: number }) {
  return (
    <View style={s.fieldRow}>
      <Text style={{ width: labelWidth, color: C.muted }}>{label}</Text>
      <Text style={s.fieldValue}>{value && String(value).trim() !== "" ? value : "—"}</Text>
    </View>
  );
}

/** Neto, IVA 19% and Total, the total on the brand colour. */
export function TotalsBox({ neto, iva, total }: { neto: number; iva: number; total: number }) {
  return (
    <View style={s.totals}>
      <View style={s.totalRow}>
        <Text>Neto</Text>
        <Text>{formatCLP(neto)}</Text>
      </View>
      <View style={[s.totalRow, { borderTopWidth: 1, borderTopColor: C.border }]}>
        <Text>IVA 19%</Text>
        <Text>{formatCLP(iva)}</Text>
      </View>
      <View style={[s.totalRow, s.totalFinal]}>
        <Text>Total</Text>
        <Text>{formatCLP(total)}</Text>
      </View>
    </View>
  );
}
