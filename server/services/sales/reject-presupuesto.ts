// POST api/publico/presupuestos/{token}/rechazo: the client says no, with an optional
// reason, recorded on the link (with the address and user agent) and in the history.
// Once per link (409 after); an accepted quote cannot be rejected (409).
import { eq } from "drizzle-orm";
import { MSG_YA_ACEPTADO, MSG_YA_RECHAZADO } from "../../../src/domain/sales/enlaces";
import { enlacesPresupuesto, presupuestos } from "../../db/schema";
import { conflict } from "../../errors";
import { write, type ServiceContext } from "../write";
import type { Requester } from "./accept-presupuesto";
import { linkByToken, usableLink } from "./enlace-row";

export const MSG_RECHAZADO = "Registramos su respuesta. Gracias por avisarnos.";

export async function rejectPresupuesto(ctx: ServiceContext, token: string, motivo: string | null, from: Requester) {
  return write(ctx, async (tx, audit) => {
    const link = usableLink(await linkByToken(tx, token));
    const [locked] = await tx.select({ rechazado_en: enlacesPresupuesto.rechazado_en }).from(enlacesPresupuesto).where(eq(enlacesPresupuesto.id, link.id)).for("update");
    if (link.aceptacion_enlace_id !== null) throw conflict(MSG_YA_ACEPTADO);
    if (locked.rechazado_en !== null) throw conflict(MSG_YA_RECHAZADO);
    const [row] = await tx
      .update(enlacesPresupuesto)
      .set({ rechazado_en: new Date(), motivo_rechazo: motivo, rechazo_ip: from.ip, rechazo_user_agent: from.userAgent })
      .where(eq(enlacesPresupuesto.id, link.id))
      .returning({ rechazado_en: enlacesPresupuesto.rechazado_en });
    await audit({ entity: enlacesPresupuesto, entityId: link.id, changes: { rechazado_en: row.rechazado_en, motivo_rechazo: motivo, ip: from.ip }, parent: { entity: presupuestos, id: link.presupuesto_id } });
    return { message: MSG_RECHAZADO };
  });
}
