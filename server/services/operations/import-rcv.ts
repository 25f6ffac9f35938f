// Imports the SII's Registro de Compras of one month (issue 35 §1-2): the file read
// (src/domain/operations/rcv.ts), its rows stored and matched to Facturas/Guías by
// (RUT proveedor, tipo de documento, folio) in a few set-based statements whatever the
// number of rows (one insert that matches every row, one for the month's documents the SII
// does not list, one comparing with the previous import of the month, one upsert of the
// SII's dates and claims, the summary). The same file again (its SHA-256) answers the
// first import.
import { createHash } from "node:crypto";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { normalizeRut } from "../../../src/domain/fields";
import { MSG_RCV_REGISTRO, parseRcvCsv, rcvFileName } from "../../../src/domain/operations/rcv";
import type { RcvImportacionRow, RcvUploadBody } from "../../../src/domain/operations/rcv-schemas";
import { rcv_importaciones } from "../../db/schema";
import { badRequest, isUniqueViolation } from "../../errors";
import { getEmpresa } from "../empresa/get-empresa";
import { write, type ServiceContext } from "../write";
import { FACTURA_KIND, FACTURA_NUMBER, FACTURA_RUT_KEY, MSG_RCV_BASE64, MSG_RCV_OTRA_EMPRESA, periodRange, readImportacion, refreshResumen, siiSigned } from "./rcv-row";

const BASE64 = /^[A-Za-z0-9+/=\s]*$/;

export interface RcvImportAnswer {
  /** 201 for a new import, 200 when the same file was imported before (that import). */
  status: 200 | 201;
  row: RcvImportacionRow;
}

export async function importRcv(ctx: ServiceContext, body: RcvUploadBody): Promise<RcvImportAnswer> {
  if (!BASE64.test(body.contenido)) throw badRequest(`Datos inválidos: ${MSG_RCV_BASE64}`, { contenido: [MSG_RCV_BASE64] });
  // What the file name says is checked first: another company's register is refused even if its bytes were imported before.
  const named = rcvFileName(body.nombre);
  const empresaRut = normalizeRut((await getEmpresa(ctx.db)).rut);
  if (named.rut && empresaRut && named.rut !== empresaRut) {
    const msg = MSG_RCV_OTRA_EMPRESA(named.rut, empresaRut);
    throw badRequest(msg, { nombre: [msg] });
  }
  if (!body.registro && !named.registro) throw badRequest(MSG_RCV_REGISTRO, { registro: [MSG_RCV_REGISTRO] });
  const bytes = Buffer.from(body.contenido, "base64");
  const hash = createHash("sha256").update(bytes).digest("hex");
  const [same] = await ctx.db.select({ id: rcv_importaciones.id }).from(rcv_importaciones).where(eq(rcv_importaciones.hash, hash));
  if (same) return { status: 200, row: await readImportacion(ctx.db, same.id) };

  const read = parseRcvCsv(body.nombre, bytes, body.registro ?? null);
  if (!read.ok) throw badRequest(read.mensaje, { contenido: [read.mensaje] });
  try {
    // What write() returns is the route's answer (an Idempotency-Key stores it): the import's row.
    const row = await write(ctx, async (tx, audit) => {
      const [prev] = await tx
        .select({ id: rcv_importaciones.id })
        .from(rcv_importaciones)
        .where(and(eq(rcv_importaciones.periodo, read.periodo), eq(rcv_importaciones.registro, read.registro)))
        .orderBy(desc(rcv_importaciones.id))
        .limit(1);
      const [imp] = await tx
        .insert(rcv_importaciones)
        .values({ periodo: read.periodo, registro: read.registro, nombre_archivo: body.nombre, hash, filas: read.filas.length, anterior_id: prev?.id ?? null, creado_por_id: ctx.user?.id ?? null })
        .returning({ id: rcv_importaciones.id });
      const id = imp.id;

      // Every row in one statement, matched on the way in: each row looks its document up in
      // facturas_guias_dte_uq (a lateral lookup, so no expression is computed over the whole
      // table) and its line of the previous import of the month in rcv_filas_documento_idx.
      const sv = (col: string) => siiSigned(sql.raw("x.tipo_doc"), sql.raw(col));
      const differs = (campo: SQL, a: SQL, b: SQL) =>
        sql`case when ${a} is distinct from ${b} then jsonb_build_array(jsonb_build_object('campo', ${campo}, 'sii', ${a}, 'ventanal', ${b})) else '[]'::jsonb end`;
      const neto = sql`case when x.tipo_doc = 34 then x.monto_exento else x.monto_neto + x.monto_exento end`;
      await tx.execute(sql`
        insert into rcv_filas (importacion_id, n, resultado, linea, tipo_doc, tipo_compra, rut_proveedor, razon_social, folio, fecha_docto, fecha_recepcion, fecha_acuse,
                               monto_exento, monto_neto, iva_recuperable, iva_no_recuperable, monto_total, factura_id, ventanal_neto, ventanal_iva, ventanal_total, ventanal_fecha, diferencias, cambio)
        select ${id}, m.linea, m.resultado, m.linea, m.tipo_doc, m.tipo_compra, m.rut_proveedor, m.razon_social, m.folio, m.fecha_docto, m.fecha_recepcion, m.fecha_acuse,
               m.monto_exento, m.monto_neto, m.iva_recuperable, m.iva_no_recuperable, m.monto_total, m.factura_id, m.v_neto, m.v_iva, m.v_total, m.v_fecha, m.diferencias,
               case when ${prev?.id ?? null}::int is null then null when m.p_resultado is null then 'nueva'
                    when m.p_resultado <> m.resultado or m.p_total is distinct from m.monto_total or m.p_ventanal is distinct from m.v_total then 'cambio' end
        from (
          select d.*, case when d.factura_id is null then 'solo_sii' when d.diferencias = '[]'::jsonb then 'coincide' else 'con_diferencias' end as resultado
          from (
            select x.*, f.id as factura_id, f.fecha as v_fecha, ${sv("f.monto_neto")} as v_neto, ${sv("f.iva")} as v_iva, ${sv("f.monto_total")} as v_total,
                   p.resultado as p_resultado, p.monto_total as p_total, p.ventanal_total as p_ventanal,
                   case when f.id is null then '[]'::jsonb else
                     ${differs(sql`case when x.tipo_doc = 34 then 'exento' else 'neto' end`, neto, sv("f.monto_neto"))}
                     || ${differs(sql`'iva'`, sql`x.iva_recuperable + x.iva_no_recuperable`, sv("f.iva"))}
                     || ${differs(sql`'total'`, sql`x.monto_total`, sv("f.monto_total"))}
                     || ${differs(sql`'fecha'`, sql`x.fecha_docto`, sql`f.fecha`)} end as diferencias
            from json_to_recordset(${JSON.stringify(read.filas.map((f) => ({ ...f, rut_clave: f.rut_proveedor.replace(/[^0-9K]/g, "") })))}::json) as x(linea int, tipo_doc int, tipo_compra text,
                   rut_proveedor text, rut_clave text, razon_social text, folio text, fecha_docto date, fecha_recepcion date, fecha_acuse date,
                   monto_exento bigint, monto_neto bigint, iva_recuperable bigint, iva_no_recuperable bigint, monto_total bigint)
            left join lateral (
              select f.id, f.fecha, f.monto_neto, f.iva, f.monto_total from facturas_guias f
              where ${FACTURA_RUT_KEY} = x.rut_clave and ${FACTURA_KIND} = x.tipo_doc and ${FACTURA_NUMBER} = x.folio
                and ${FACTURA_RUT_KEY} <> '' and ${FACTURA_NUMBER} is not null
              limit 1) f on true
            left join lateral (
              select p.resultado, p.monto_total, p.ventanal_total from rcv_filas p
              where p.importacion_id = ${prev?.id ?? 0} and p.rut_proveedor = x.rut_proveedor and p.tipo_doc = x.tipo_doc and p.folio = x.folio
              limit 1) p on true
          ) d
        ) m`);

      // The month's Ventanal documents (facturas, exentas, credit notes) the SII's register does not list.
      if (read.registro === "REGISTRO") {
        const [desde, hasta] = periodRange(read.periodo);
        // After the file's rows (a row's place, n, is its line), by date.
        const lastLine = read.filas.reduce((max, f) => Math.max(max, f.linea), 1);
        await tx.execute(sql`
          insert into rcv_filas (importacion_id, n, resultado, tipo_doc, rut_proveedor, razon_social, folio, factura_id, ventanal_neto, ventanal_iva, ventanal_total, ventanal_fecha, cambio)
          select ${id}, ${lastLine} + row_number() over (order by f.fecha, f.id), 'solo_ventanal', ${FACTURA_KIND}, coalesce(f.rut_proveedor, ''), f.proveedor, coalesce(f.numero_factura, f.numero_guia, ''), f.id,
                 ${siiSigned(FACTURA_KIND, sql.raw("f.monto_neto"))}, ${siiSigned(FACTURA_KIND, sql.raw("f.iva"))}, ${siiSigned(FACTURA_KIND, sql.raw("f.monto_total"))}, f.fecha,
                 case when ${prev?.id ?? null}::int is null then null
                      when not exists (select 1 from rcv_filas p where p.factura_id = f.id and p.importacion_id = ${prev?.id ?? 0}) then 'nueva'
                      when not exists (select 1 from rcv_filas p where p.factura_id = f.id and p.importacion_id = ${prev?.id ?? 0} and p.resultado = 'solo_ventanal') then 'cambio' end
          from facturas_guias f
          where f.fecha >= ${desde} and f.fecha < ${hasta} and ${FACTURA_KIND} in (33, 34, 61)
            and not exists (select 1 from rcv_filas r where r.factura_id = f.id and r.importacion_id = ${id})`);
      }

      // What changed since the previous import of this month and register.
      if (prev) {
        await tx.execute(sql`
          update rcv_importaciones set
            nuevas = (select count(*) from rcv_filas where importacion_id = ${id} and cambio = 'nueva'),
            cambiadas = (select count(*) from rcv_filas where importacion_id = ${id} and cambio = 'cambio'),
            desaparecidas = (select count(*) from rcv_filas p where p.importacion_id = ${prev.id}
                               and not exists (select 1 from rcv_filas r where r.importacion_id = ${id} and r.rut_proveedor = p.rut_proveedor and r.tipo_doc = p.tipo_doc and r.folio = p.folio))
          where id = ${id}`);
      }

      // The SII's dates and claims on the matched documents (the 8-day window's start, Fecha Acuse, Reclamados).
      await tx.execute(sql`
        insert into facturas_sii (factura_id, fecha_recepcion_sii, fecha_acuse, decision, origen)
        select distinct on (r.factura_id) r.factura_id, r.fecha_recepcion, r.fecha_acuse,
               case when ${read.registro} = 'RECLAMADO' then 'reclamada' end, case when ${read.registro} = 'RECLAMADO' then 'rcv' end
        from rcv_filas r where r.importacion_id = ${id} and r.factura_id is not null and r.linea is not null
        order by r.factura_id, r.id
        on conflict (factura_id) do update set
          fecha_recepcion_sii = coalesce(excluded.fecha_recepcion_sii, facturas_sii.fecha_recepcion_sii),
          fecha_acuse = coalesce(excluded.fecha_acuse, facturas_sii.fecha_acuse),
          decision = coalesce(facturas_sii.decision, excluded.decision),
          origen = case when facturas_sii.decision is null and excluded.decision is not null then excluded.origen else facturas_sii.origen end`);

      await refreshResumen(tx, id, read.periodo);
      const row = await readImportacion(tx, id);
      const { resumen: _resumen, ...audited } = row;
      await audit({ entity: rcv_importaciones, entityId: id, changes: audited });
      return row;
    });
    // Thousands of new rows at once: the table's statistics still say "a few rows per import",
    // and the planner would sort the whole import for each page of 20 (17 ms instead of 0.1).
    // Refreshed now (a sample of at most 30,000 rows, some tens of ms), not at autovacuum's next
    // pass (PGlite has none). A failure here leaves the import as it is.
    await ctx.db.execute(sql`analyze rcv_filas`).catch(() => undefined);
    return { status: 201, row };
  } catch (err) {
    // The same file imported at the same moment by someone else: theirs is the import.
    if (isUniqueViolation(err, "rcv_importaciones_hash_uq")) {
      const [first] = await ctx.db.select({ id: rcv_importaciones.id }).from(rcv_importaciones).where(eq(rcv_importaciones.hash, hash));
      if (first) return { status: 200, row: await readImportacion(ctx.db, first.id) };
    }
    throw err;
  }
}

