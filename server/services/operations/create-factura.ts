// POST api/facturas_guias ("Registro de Facturas/Guías"): the supplier is matched by name
// (any case) or RUT; dias_credito comes from the supplier unless sent (0 for a supplier
// not in the list); IVA and total are filled from the net when empty; the same supplier's
// invoice number (or delivery-note number) is registered once (409 naming the field): a
// check for the message, and the unique indexes of facturas_guias for simultaneous entries.
import { eq, sql } from "drizzle-orm";
import { todayInSantiago } from "../../../src/domain/dates/dates";
import { autofillInvoiceAmounts } from "../../../src/domain/operations";
import type { FacturaGuiaData, FacturaGuiaRow } from "../../../src/domain/operations/schemas";
import { facturas_guias, proveedores } from "../../db/schema";
import { isUniqueViolation } from "../../errors";
import { write, type ServiceContext, type Tx } from "../write";
import { assertNotDuplicate, duplicateConflict, FACTURA_UNIQUE, readFactura } from "./factura-row";

async function findSupplier(tx: Tx, nombre: string, rut: string | null) {
  const [byName] = await tx.select().from(proveedores).where(sql`lower(${proveedores.proveedor}) = lower(${nombre})`).limit(1);
  if (byName) return byName;
  if (!rut) return undefined;
  const [byRut] = await tx.select().from(proveedores).where(eq(proveedores.rut, rut)).limit(1);
  return byRut;
}

export async function createFactura(ctx: ServiceContext, data: FacturaGuiaData): Promise<FacturaGuiaRow> {
  try {
    return await write(ctx, async (tx, audit) => {
      const rut = data.rut_proveedor; // already in its normal form (rutField)
      const supplier = await findSupplier(tx, data.proveedor, rut);
      const proveedor = supplier?.proveedor ?? data.proveedor;
      await assertNotDuplicate(tx, proveedor, { factura: data.numero_factura, guia: data.numero_guia });
      const amounts = autofillInvoiceAmounts(data);
      const [row] = await tx
        .insert(facturas_guias)
        .values({
          proveedor_id: supplier?.id ?? null,
          proveedor,
          rut_proveedor: rut ?? supplier?.rut ?? null,
          tipo_dte: data.tipo_dte ?? null,
          numero_guia: data.numero_guia,
          numero_factura: data.numero_factura,
          fecha: data.fecha!,
          monto_neto: amounts.monto_neto ?? 0,
          iva: amounts.iva ?? 0,
          monto_total: amounts.monto_total ?? 0,
          observacion: data.observacion,
          dias_credito: data.dias_credito ?? supplier?.dias_credito ?? 0,
          fecha_recepcion: todayInSantiago(),
          creado_por_id: ctx.user?.id ?? null,
        })
        .returning({ id: facturas_guias.id });
      const stored = await readFactura(tx, row.id);
      await audit({ entity: facturas_guias, entityId: row.id, changes: stored });
      return stored;
    });
  } catch (err) {
    // Two entries of the same document at once: the check above saw neither, the index did.
    if (FACTURA_UNIQUE.some((c) => isUniqueViolation(err, c))) throw duplicateConflict(data.proveedor, { factura: data.numero_factura, guia: data.numero_guia });
    throw err;
  }
}
