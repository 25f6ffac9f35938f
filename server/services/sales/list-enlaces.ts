// GET api/presupuestos/{id}/enlaces: the quote's links, newest first, with their state,
// who made and revoked them, a rejection and the quote's acceptance through that link.
// One query (the quote LEFT JOIN its links), through enlaces_presupuesto_presupuesto_idx.
import { desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { estadoEnlace, type EnlaceRowData } from "../../../src/domain/sales/enlaces";
import type { Db } from "../../db/connect";
import { aceptacionesPresupuesto, enlacesPresupuesto, presupuestos, usuarios } from "../../db/schema";
import { notFound } from "../../errors";
import { MSG_PRESUPUESTO_NO_EXISTE } from "./presupuesto-row";

const revocador = alias(usuarios, "revocador");

export async function listEnlaces(db: Db, presupuestoId: number, now = new Date()): Promise<EnlaceRowData[]> {
  const rows = await db
    .select({
      quote: presupuestos.id,
      id: enlacesPresupuesto.id,
      creado_en: enlacesPresupuesto.creado_en,
      creado_por_nombre: usuarios.nombre,
      vence_en: enlacesPresupuesto.vence_en,
      revocado_en: enlacesPresupuesto.revocado_en,
      revocado_por_nombre: revocador.nombre,
      rechazado_en: enlacesPresupuesto.rechazado_en,
      motivo_rechazo: enlacesPresupuesto.motivo_rechazo,
      a_nombre: aceptacionesPresupuesto.nombre,
      a_rut: aceptacionesPresupuesto.rut,
      a_firma: aceptacionesPresupuesto.firma,
      a_en: aceptacionesPresupuesto.aceptado_en,
      a_hash: aceptacionesPresupuesto.hash,
    })
    .from(presupuestos)
    .leftJoin(enlacesPresupuesto, eq(enlacesPresupuesto.presupuesto_id, presupuestos.id))
    .leftJoin(usuarios, eq(usuarios.id, enlacesPresupuesto.creado_por))
    .leftJoin(revocador, eq(revocador.id, enlacesPresupuesto.revocado_por))
    .leftJoin(aceptacionesPresupuesto, sql`${aceptacionesPresupuesto.enlace_id} = ${enlacesPresupuesto.id}`)
    .where(eq(presupuestos.id, presupuestoId))
    .orderBy(desc(enlacesPresupuesto.id));
  if (rows.length === 0) throw notFound(MSG_PRESUPUESTO_NO_EXISTE);
  return rows
    .filter((r) => r.id !== null)
    .map((r) => ({
      id: r.id!,
      presupuesto_id: presupuestoId,
      estado: estadoEnlace({ revocado_en: r.revocado_en, aceptado: r.a_en !== null, vence_en: r.vence_en! }, now),
      creado_en: r.creado_en!,
      creado_por_nombre: r.creado_por_nombre,
      vence_en: r.vence_en!,
      revocado_en: r.revocado_en,
      revocado_por_nombre: r.revocado_por_nombre,
      rechazado_en: r.rechazado_en,
      motivo_rechazo: r.motivo_rechazo,
      aceptacion: r.a_en === null ? null : { nombre: r.a_nombre!, rut: r.a_rut!, firma: r.a_firma!, aceptado_en: r.a_en, hash: r.a_hash! },
    }));
}
