// GET api/resumen-diario and `npm run digest`: the cards of a role on a Santiago date.
// Each card is one query; a role's cards run together.
import { cardsForRole, type CardKey } from "../../../src/domain/hoy/rules";
import type { ResumenDiario, Tarjeta } from "../../../src/domain/hoy/schemas";
import { cachedList } from "../../lists/cache";
import type { Role } from "../../../src/domain/roles/roles";
import type { Db } from "../../db/connect";
import type { CardBuilder } from "./card";
import { bajoMinimo, faltantes, ocAtrasadas, solicitudesPendientes } from "./cards-bodega";
import { aceptacionSii, facturasPorPagar, saldosClientes } from "./cards-contabilidad";
import { planillaFaltante, utvMes } from "./cards-fabrica";
import { margenNegativo, obrasDetenidas, obrasSinPauta, rectificacionesVencidas } from "./cards-operaciones";
import { aceptadosHoy, presupuestosMes, presupuestosSinItems } from "./cards-ventas";

const BUILDERS: Readonly<Record<CardKey, CardBuilder>> = {
  "aceptacion-sii": aceptacionSii,
  "facturas-por-pagar": facturasPorPagar,
  "saldos-clientes": saldosClientes,
  "rectificaciones-vencidas": rectificacionesVencidas,
  "obras-detenidas": obrasDetenidas,
  "margen-negativo": margenNegativo,
  faltantes,
  "bajo-minimo": bajoMinimo,
  "oc-atrasadas": ocAtrasadas,
  "solicitudes-pendientes": solicitudesPendientes,
  "presupuestos-mes": presupuestosMes,
  "presupuestos-sin-items": presupuestosSinItems,
  "obras-sin-pauta": obrasSinPauta,
  "aceptados-hoy": aceptadosHoy,
  "utv-mes": utvMes,
  "planilla-faltante": planillaFaltante,
};

/**
 * A card on a date, kept like the lists' answers (server/lists/cache.ts) until the next
 * write anywhere: coming back to the tab re-reads it for the cost of one tiny query.
 */
async function cachedCard(db: Db, key: CardKey, fecha: string): Promise<Tarjeta> {
  const entry = await cachedList(db, `resumen-diario:${key}@${fecha}`, async () => ({ rows: [await BUILDERS[key](db, fecha)], total: null }));
  return (JSON.parse(entry.body.toString("utf8")) as Tarjeta[])[0];
}

export async function getResumenDiario(db: Db, rol: Role, fecha: string): Promise<ResumenDiario> {
  const tarjetas = await Promise.all(cardsForRole(rol).map((key) => cachedCard(db, key, fecha)));
  return { fecha, rol, tarjetas };
}
