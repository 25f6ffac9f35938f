// "Registrar en Ventanal" (issue 35 §2): rows of an import that only the SII lists become
// documents of Facturas/Guías, in one transaction: the supplier found by RUT or created,
// the amounts as Ventanal keeps them (credit notes negative, neto = neto + exento), each
// row then "coincide" with its document, the import's summary rewritten, audit rows.
import { and, eq, inArray, sql } from "drizzle-orm";
import { DTE_TIPO_NOMBRES, type DteTipo } from "../../../src/domain/operations/dte-parse";
import type { RcvImportacionRow } from "../../../src/domain/operations/rcv-schemas";
import type { FacturaGuiaRow } from "../../../src/domain/operations/schemas";
import { todayInSantiago } from "../../../src/domain/dates/dates";
import { facturas_guias, facturas_sii, proveedores, rcv_filas, rcv_importaciones } from "../../db/schema";
import { conflict, isUniqueViolation, notFound } from "../../errors";
import { write, type ServiceContext } from "../write";
import { facturaColumns } from "./factura-row";
import { readImportacion, refreshResumen } from "./rcv-row";

export const MSG_RCV_FILA_NO_EXISTE = (ids: number[]) => `${ids.length === 1 ? "La fila" : "Las filas"} ${ids.join(", ")} no ${ids.length === 1 ? "es" : "son"} de esta importación.`;
export const MSG_RCV_FILA_NO_SOLO_SII = (folios: string[]) => `Ya están en Ventanal (no son «Solo en el SII»): folio ${folios.join(", ")}. Recargue la página.`;

export async function registrarRcv(ctx: ServiceContext, id: number, filaIds: number[]): Promise<{ registradas: FacturaGuiaRow[]; importacion: RcvImportacionRow }> {
  const ids = [...new Set(filaIds)].sort((a, b) => a - b);
  try {
    return await registrar(ctx, id, ids);
  } catch (err) {
    // A document typed by hand (or imported) meanwhile: the unique indexes say it exists.
    if (isUniqueViolation(err, "facturas_guias_dte_uq") || isUniqueViolation(err, "facturas_guias_numero_uq")) throw conflict(MSG_RCV_YA_REGISTRADA);
    throw err;
  }
}

export const MSG_RCV_YA_REGISTRADA = "Uno de los documentos ya se registró en Ventanal mientras tanto (mismo proveedor, tipo y folio): recargue la página.";

function registrar(ctx: ServiceContext, id: number, ids: number[]): Promise<{ registradas: FacturaGuiaRow[]; importacion: RcvImportacionRow }> {
  return write(ctx, async (tx, audit) => {
    // The import's row is the lock two registrations of it take turns on.
    const [imp] = await tx.select({ id: rcv_importaciones.id, periodo: rcv_importaciones.periodo }).from(rcv_importaciones).where(eq(rcv_importaciones.id, id)).for("update");
    if (!imp) throw notFound("La importación del Registro de Compras no existe.");
    const rows = await tx.select().from(rcv_filas).where(and(eq(rcv_filas.importacion_id, id), inArray(rcv_filas.id, ids))).orderBy(rcv_filas.id);
    const missing = ids.filter((i) => !rows.some((r) => r.id === i));
    if (missing.length) throw notFound(MSG_RCV_FILA_NO_EXISTE(missing));
    const taken = rows.filter((r) => r.resultado !== "solo_sii");
    if (taken.length) throw conflict(MSG_RCV_FILA_NO_SOLO_SII(taken.map((r) => r.folio)));

    // Suppliers by RUT; the missing ones created with the SII's name (a name already used by another supplier keeps the RUT in it).
    const ruts = [...new Set(rows.map((r) => r.rut_proveedor))];
    const known = new Map((await tx.select({ id: proveedores.id, rut: proveedores.rut, proveedor: proveedores.proveedor, dias_credito: proveedores.dias_credito }).from(proveedores).where(inArray(proveedores.rut, ruts))).map((p) => [p.rut!, p]));
    const toCreate = ruts.filter((r) => !known.has(r));
    if (toCreate.length) {
      const names = new Map(rows.map((r) => [r.rut_proveedor, r.razon_social]));
      const created = await tx.execute<{ id: number; rut: string; proveedor: string; dias_credito: number }>(sql`
        insert into proveedores (proveedor, rut)
        select case when exists (select 1 from proveedores p where lower(p.proveedor) = lower(x.nombre)) then x.nombre || ' (' || x.rut || ')' else x.nombre end, x.rut
        from json_to_recordset(${JSON.stringify(toCreate.map((rut) => ({ rut, nombre: names.get(rut) ?? rut })))}::json) as x(rut text, nombre text)
        returning id, rut, proveedor, dias_credito`);
      for (const p of created.rows as { id: number; rut: string; proveedor: string; dias_credito: number }[]) {
        known.set(p.rut, p);
        await audit({ entity: proveedores, entityId: p.id, changes: { ...p, origen: "Registro de Compras SII" } });
      }
    }
    const today = todayInSantiago();
    const stored = await tx
      .insert(facturas_guias)
      .values(
        rows.map((r) => {
          const p = known.get(r.rut_proveedor)!;
          const sign = r.tipo_doc === 61 ? -1 : 1;
          const neg = (n: number) => (n === 0 ? 0 : sign * n);
          const nombre = DTE_TIPO_NOMBRES[r.tipo_doc as DteTipo] ?? `Documento tipo ${r.tipo_doc}`;
          return {
            proveedor_id: p.id,
            proveedor: p.proveedor,
            rut_proveedor: r.rut_proveedor,
            tipo_dte: r.tipo_doc,
            numero_factura: r.folio,
            fecha: r.fecha_docto ?? today,
            monto_neto: neg((r.monto_neto ?? 0) + (r.monto_exento ?? 0)),
            iva: neg((r.iva_recuperable ?? 0) + (r.iva_no_recuperable ?? 0)),
            monto_total: neg(r.monto_total ?? 0),
            observacion: `${nombre} N° ${r.folio}, registrada desde el Registro de Compras del SII (${imp.periodo})`,
            dias_credito: p.dias_credito,
            fecha_recepcion: today,
            creado_por_id: ctx.user?.id ?? null,
          };
        }),
      )
      .returning(facturaColumns);
    // Each row now matches its document; the SII's dates go with it.
    await tx.execute(sql`
      update rcv_filas r set resultado = 'coincide', factura_id = x.factura_id, ventanal_neto = coalesce(r.monto_neto, 0) + coalesce(r.monto_exento, 0),
             ventanal_iva = coalesce(r.iva_recuperable, 0) + coalesce(r.iva_no_recuperable, 0), ventanal_total = r.monto_total, ventanal_fecha = r.fecha_docto
      from json_to_recordset(${JSON.stringify(rows.map((r, i) => ({ fila_id: r.id, factura_id: stored[i].id })))}::json) as x(fila_id int, factura_id int)
      where r.id = x.fila_id`);
    await tx
      .insert(facturas_sii)
      .values(rows.map((r, i) => ({ factura_id: stored[i].id, fecha_recepcion_sii: r.fecha_recepcion, fecha_acuse: r.fecha_acuse })))
      .onConflictDoNothing();
    await refreshResumen(tx, id, imp.periodo);
    await audit(stored.map((row, i) => ({ entity: facturas_guias, entityId: row.id, changes: { ...row, rcv_importacion: id, rcv_fila: rows[i].id } })));
    return { registradas: stored, importacion: await readImportacion(tx, id) };
  });
}
