// What the letter-size documents (quote, purchase order) share: the palette, the page,
// header, blocks, table and totals styles, and the Neto / IVA 19% / Total box. Each
// document spreads `documentStyles` and adds or overrides only its own styles. The
// company's block comes from api/empresa (Administración → Empresa).
import { Font, Image, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { Empresa } from "../../domain/empresa/schemas";
import { formatCLP } from "../../domain/format";
import { PdfLogo } from "./PdfLogo";

// A word is never split inside a cell ("Izquier-da"): a line breaks between words only.
Font.registerHyphenationCallback((word) => [word]);

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

/** Who issues a document (api/empresa), as the workshop PDFs print it. */
export type Issuer = Pick<Empresa, "nombre" | "nombre_fantasia" | "rut">;

/**
 * The issuer's block at the top left: the uploaded logo (else the Ventanal mark), the trade
 * name, the legal name and the lines a document adds (address, contact…). The RUT is
 * printed once, in the document's box, never here.
 */
export function CompanyBlock({ empresa, lines }: { empresa: Empresa; lines: readonly (string | null | undefined | false)[] }) {
  return (
    <View style={s.company}>
      <View style={{ flexDirection: "row", alignItems: "center", gap: 8, marginBottom: 4 }}>
        {empresa.logo ? <Image src={empresa.logo} style={{ maxHeight: 40, maxWidth: 120, objectFit: "contain" }} /> : <PdfLogo size={34} />}
        <Text style={[s.brand, { marginBottom: 0 }]}>{empresa.nombre_fantasia}</Text>
      </View>
      <Text style={s.legalName}>{empresa.nombre}</Text>
      {lines.filter((l): l is string => typeof l === "string" && l.trim() !== "").map((l) => (
        <Text key={l} style={s.companyLine}>
          {l}
        </Text>
      ))}
    </View>
  );
}

/** "Tel. … · correo · sitio", what the company has of them. */
export function contactLine(parts: readonly (string | null | undefined)[]): string {
  return parts.filter((p): p is string => !!p && p.trim() !== "").join(" · ");
}

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

/** A label and its value, or nothing at all when there is no value (no "—"). */
export function OptionalField({ label, value, labelWidth }: { label: string; value: string | null | undefined; labelWidth: number }) {
  if (!value || String(value).trim() === "") return null;
  return <Field label={label} value={value} labelWidth={labelWidth} />;
}
