// The declared facturas_guias' custom behaviour (src/domain/operations/facturas-guias.resource.ts):
// POST (Bodega, "Registro de Facturas/Guías"): the supplier is matched by name (any case) or
// RUT; dias_credito comes from the supplier unless sent (0 for a supplier not in the list);
// IVA and total are filled from the net when empty; the same supplier's invoice number (or
// delivery-note number) is registered once (409 naming the field: a check for the message,
// and the two unique indexes for simultaneous entries). PUT (Operaciones): the Pagado toggle
// (estado_pago "Pagado" sets fecha_pago, today unless sent; empty clears both, section 4) or
// the internal observations. vencimiento and estado_calculado are the SQL of factura-row.ts.
import { eq, sql } from "drizzle-orm";
import { todayInSantiago } from "../../../src/domain/dates/dates";
import { autofillInvoiceAmounts } from "../../../src/domain/operations";
import type { FacturaGuiaData } from "../../../src/domain/operations/schemas";
import { proveedores } from "../../db/schema";
import { isUniqueViolation } from "../../errors";
import type { ResourceHooks } from "../resource-hooks";
import type { Tx } from "../write";
import { assertNotDuplicate, duplicateConflict, estadoCalculadoExpr, estadoCalculadoIn, FACTURA_UNIQUE, vencimientoExpr } from "./factura-row";
import type { InvoicePaymentState } from "../../../src/domain/operations/invoices";
import { ESTADO_PAGO_FILTER } from "../../../src/domain/operations/facturas-guias.resource";
import type { ListField } from "../../lists";

async function findSupplier(tx: Tx, nombre: string, rut: string | null) {
  const [byName] = await tx.select().from(proveedores).where(sql`lower(${proveedores.proveedor}) = lower(${nombre})`).limit(1);
  if (byName) return byName;
  if (!rut) return undefined;
  const [byRut] = await tx.select().from(proveedores).where(eq(proveedores.rut, rut)).limit(1);
  return byRut;
}

const estadoCalculadoWhere: NonNullable<ListField["where"]> = (op, value) =>
  op === "eq" ? estadoCalculadoIn((Array.isArray(value) ? value : [value]) as InvoicePaymentState[]) : undefined;

const numbers = (data: Record<string, unknown>) => ({ factura: (data.numero_factura as string | null) ?? null, guia: (data.numero_guia as string | null) ?? null });

export const facturasGuiasHooks: ResourceHooks = {
  computed: () => ({ vencimiento: vencimientoExpr, estado_calculado: estadoCalculadoExpr }),
  // estado_calculado = X (and estado_pago=X, which filters on it) as the state's own
  // conditions, served by the partial indexes (factura-row.ts), never the CASE on every row.
  computedFilters: () => ({ estado_calculado: estadoCalculadoWhere }),
  // estado_pago=X filters on the computed state, read by its own parser ("Pendiente" is Vencida).
  listFilters: () => ({ estado_pago: { column: estadoCalculadoExpr, filter: ["eq"], value: ESTADO_PAGO_FILTER, where: estadoCalculadoWhere } }),

  async beforeWrite(tx, data, before, ctx) {
    if (before) {
      // PUT: the payment toggle and the internal observations.
      const set: Record<string, unknown> = {};
      if (data.estado_pago === "Pagado") {
        set.estado_pago = "Pagado";
        set.fecha_pago = data.fecha_pago ?? (before.estado_pago === "Pagado" ? before.fecha_pago : null) ?? todayInSantiago();
      } else if (data.estado_pago === null) {
        set.estado_pago = null;
        set.fecha_pago = null;
      } else if (data.fecha_pago !== undefined) {
        set.fecha_pago = data.fecha_pago;
      }
      if (data.observaciones_internas !== undefined) set.observaciones_internas = data.observaciones_internas;
      return set;
    }
    const d = data as unknown as FacturaGuiaData;
    const rut = d.rut_proveedor; // already in its normal form (rutField)
    const supplier = await findSupplier(tx, d.proveedor, rut);
    const proveedor = supplier?.proveedor ?? d.proveedor;
    await assertNotDuplicate(tx, proveedor, numbers(data));
    const amounts = autofillInvoiceAmounts(d);
    return {
      ...data,
      proveedor_id: supplier?.id ?? null,
      proveedor,
      rut_proveedor: rut ?? supplier?.rut ?? null,
      tipo_dte: d.tipo_dte ?? null,
      monto_neto: amounts.monto_neto ?? 0,
      iva: amounts.iva ?? 0,
      monto_total: amounts.monto_total ?? 0,
      dias_credito: d.dias_credito ?? supplier?.dias_credito ?? 0,
      fecha_recepcion: todayInSantiago(),
      creado_por_id: ctx.user?.id ?? null,
    };
  },

  // Two entries of the same document at once: the check above saw neither, the index did.
  refusal: (err, data) => (FACTURA_UNIQUE.some((c) => isUniqueViolation(err, c)) ? duplicateConflict(data.proveedor as string, numbers(data)) : undefined),
};
