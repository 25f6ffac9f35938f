// GET api/publico/presupuestos/{token}: what the client's page shows, and nothing else
// (the allow-list of src/domain/sales/enlaces). A link whose quote was accepted shows the
// accepted version, read-only, as it was signed; otherwise the quote as it is now, saying
// whether it changed since the link was sent. Unknown, expired and revoked tokens: the
// same 404.
import { eq } from "drizzle-orm";
import type { ContenidoPublico, PresupuestoPublicoData } from "../../../src/domain/sales/enlaces";
import type { Db } from "../../db/connect";
import { aceptacionesPresupuesto, empresa } from "../../db/schema";
import { empresaPublicaColumns, linkByToken, linkNotFound, readContenido, usableLink, versionOf } from "./enlace-row";

export async function getPresupuestoPublico(db: Db, token: string): Promise<PresupuestoPublicoData> {
  const link = usableLink(await linkByToken(db, token));
  const [[company], current, accepted] = await Promise.all([
    db.select(empresaPublicaColumns).from(empresa).where(eq(empresa.id, 1)),
    readContenido(db, link.presupuesto_id),
    link.aceptacion_enlace_id === null
      ? Promise.resolve(null)
      : db
          .select({ nombre: aceptacionesPresupuesto.nombre, rut: aceptacionesPresupuesto.rut, firma: aceptacionesPresupuesto.firma, aceptado_en: aceptacionesPresupuesto.aceptado_en, hash: aceptacionesPresupuesto.hash, contenido: aceptacionesPresupuesto.contenido })
          .from(aceptacionesPresupuesto)
          .where(eq(aceptacionesPresupuesto.presupuesto_id, link.presupuesto_id))
          .then((rows) => rows[0] ?? null),
  ]);
  if (!current) throw linkNotFound();
  const rechazo = link.rechazado_en === null ? null : { rechazado_en: link.rechazado_en, motivo: link.motivo_rechazo };
  if (accepted) {
    const { contenido, ...aceptacion } = accepted;
    return {
      estado: "aceptado",
      cambiado: false,
      version: aceptacion.hash,
      vence: link.vence_en,
      empresa: company,
      vendedor: current.vendedor,
      contenido: contenido as ContenidoPublico,
      aceptacion: { ...aceptacion, aceptado_en: aceptacion.aceptado_en },
      rechazo,
    };
  }
  const version = versionOf(current.contenido);
  return {
    estado: "vigente",
    cambiado: version !== link.hash_enviado,
    version,
    vence: link.vence_en,
    empresa: company,
    vendedor: current.vendedor,
    contenido: current.contenido,
    aceptacion: null,
    rechazo,
  };
}
