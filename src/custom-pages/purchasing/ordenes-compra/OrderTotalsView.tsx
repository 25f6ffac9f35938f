// Net / IVA 19% / Total of an order's lines (orderTotals of src/domain: the same sums as
// the PDF and the Excel export).
import type { Totals } from "../../../domain/money";
import { formatCLP } from "../../../domain/format";

export function OrderTotalsView({ totals, label = "" }: { totals: Totals; label?: string }) {
  return (
    <dl className="vt-oc-totals" aria-label={`Totales${label}`}>
      <div>
        <dt>Neto</dt>
        <dd data-testid="oc-neto">{formatCLP(totals.neto)}</dd>
      </div>
      <div>
        <dt>IVA 19%</dt>
        <dd data-testid="oc-iva">{formatCLP(totals.iva)}</dd>
      </div>
      <div className="vt-oc-totals__total">
        <dt>Total</dt>
        <dd data-testid="oc-total">{formatCLP(totals.total)}</dd>
      </div>
    </dl>
  );
}
