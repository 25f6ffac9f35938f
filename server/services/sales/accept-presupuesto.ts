// POST api/publico/presupuestos/{token}/aceptacion: the client accepts the version on
// screen. One transaction: the acceptance record (name, RUT, signature, time, address,
// user agent, what was shown and its hash), the quote marked accepted (its Santiago
// date: "Aceptados hoy"), its work's first stage (Presupuesto) done and the audit rows.
// The tracking record, then the quote, are locked first (the order of the tracking
// writes), so two acceptances take turns and the second sees the first: 409. The unique
// index on the quote is the last word (a 409 too).
import { eq } from "drizzle-orm";
import { todayInSantiago } from "../../../src/domain/dates/dates";
import { MSG_CAMBIO, MSG_YA_ACEPTADO, type AceptacionData } from "../../../src/domain/sales/enlaces";
import { aceptacionesPresupuesto, presupuestos, seguimientoObras } from "../../db/schema";
import { conflict, isUniqueViolation } from "../../errors";
import { write, type ServiceContext } from "../write";
import { linkByToken, linkNotFound, readContenido, usableLink, versionOf } from "./enlace-row";

export const MSG_ACEPTADO = "¡Gracias! Su aceptación quedó registrada.";
const ACCEPTANCE_UNIQUE = "aceptaciones_presupuesto_presupuesto_uq";

export interface Requester {
  ip: string | null;
  userAgent: string | null;
}

export async function acceptPresupuesto(ctx: ServiceContext, token: string, data: AceptacionData, from: Requester) {
  try {
    return await write(ctx, async (tx, audit) => {
      const link = usableLink(await linkByToken(tx, token));
      if (link.aceptacion_enlace_id !== null) throw conflict(MSG_YA_ACEPTADO);
      const id = link.presupuesto_id;
      const [tracking] = await tx.select({ id: seguimientoObras.id, presupuesto: seguimientoObras.presupuesto }).from(seguimientoObras).where(eq(seguimientoObras.presupuesto_id, id)).for("update");
      const [quote] = await tx.select({ aceptado_fecha: presupuestos.aceptado_fecha }).from(presupuestos).where(eq(presupuestos.id, id)).for("update");
      if (!quote) throw linkNotFound();
      if (quote.aceptado_fecha !== null) throw conflict(MSG_YA_ACEPTADO);
      const shown = await readContenido(tx, id);
      const hash = versionOf(shown!.contenido);
      if (hash !== data.version) throw conflict(MSG_CAMBIO, { version: [MSG_CAMBIO] });
      const today = todayInSantiago();
      const [row] = await tx
        .insert(aceptacionesPresupuesto)
        .values({ presupuesto_id: id, enlace_id: link.id, nombre: data.nombre, rut: data.rut, firma: data.firma, ip: from.ip, user_agent: from.userAgent, hash, contenido: shown!.contenido })
        .returning({ id: aceptacionesPresupuesto.id, aceptado_en: aceptacionesPresupuesto.aceptado_en });
      await tx.update(presupuestos).set({ aceptado_fecha: today }).where(eq(presupuestos.id, id));
      if (tracking && !tracking.presupuesto) {
        await tx.update(seguimientoObras).set({ presupuesto: true, etapa_fecha: today }).where(eq(seguimientoObras.id, tracking.id));
      }
      await audit([
        {
          entity: aceptacionesPresupuesto,
          entityId: row.id,
          changes: { enlace_id: link.id, nombre: data.nombre, rut: data.rut, hash, ip: from.ip, user_agent: from.userAgent, aceptado_en: row.aceptado_en },
          parent: { entity: presupuestos, id },
        },
        { entity: presupuestos, entityId: id, changes: { aceptado_fecha: { antes: null, despues: today } } },
        ...(tracking && !tracking.presupuesto ? [{ entity: seguimientoObras, entityId: tracking.id, changes: { presupuesto: { antes: false, despues: true } } }] : []),
      ]);
      return { message: MSG_ACEPTADO, aceptacion: { nombre: data.nombre, rut: data.rut, firma: data.firma, aceptado_en: row.aceptado_en, hash } };
    });
  } catch (err) {
    if (isUniqueViolation(err, ACCEPTANCE_UNIQUE)) throw conflict(MSG_YA_ACEPTADO);
    throw err;
  }
}
