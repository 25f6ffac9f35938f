// Operaciones → Facturas/Guías → Detalle: under the document's data (the declared show page),
// its state at the SII: the 8-day window, Contabilidad's acceptance or claim with its reason,
// and the buttons while it can still be decided (a slot of src/resources/declared/slots.ts).
import { Card } from "antd";
import type { Row } from "../../../resources/declared/fields";
import { SiiDecision } from "./SiiDecision";

export default function SiiOnDocument({ row }: { row: Row }) {
  return (
    <Card title="Estado en el SII" size="small" style={{ marginTop: 16 }}>
      <SiiDecision facturaId={Number(row.id)} />
    </Card>
  );
}
