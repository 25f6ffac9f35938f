// POST api/presupuestos/{id}/enlaces: a new link for the client. The token (256 random
// bits) goes back once, inside the URL; only its sha-256 is stored. The link lives the
// company's `enlace_vigencia_dias` (Administración → Empresa) and remembers the version
// of the quote it was sent with.
import { eq } from "drizzle-orm";
import { publicPath, type EnlaceCreadoData } from "../../../src/domain/sales/enlaces";
import { empresa, enlacesPresupuesto, presupuestos } from "../../db/schema";
import { notFound } from "../../errors";
import { write, type ServiceContext } from "../write";
import { hashLinkToken, newLinkToken, readContenido, versionOf } from "./enlace-row";
import { MSG_PRESUPUESTO_NO_EXISTE } from "./presupuesto-row";

const DAY_MS = 86_400_000;

export async function createEnlace(ctx: ServiceContext, presupuestoId: number, origin: string): Promise<EnlaceCreadoData> {
  const token = newLinkToken();
  return write(ctx, async (tx, audit) => {
    const [quote] = await tx.select({ id: presupuestos.id }).from(presupuestos).where(eq(presupuestos.id, presupuestoId)).for("share");
    if (!quote) throw notFound(MSG_PRESUPUESTO_NO_EXISTE);
    const [shown, [settings]] = await Promise.all([readContenido(tx, presupuestoId), tx.select({ dias: empresa.enlace_vigencia_dias }).from(empresa).where(eq(empresa.id, 1))]);
    const vence = new Date(Date.now() + (settings?.dias ?? 30) * DAY_MS);
    const [row] = await tx
      .insert(enlacesPresupuesto)
      .values({ presupuesto_id: presupuestoId, token_hash: hashLinkToken(token), hash_enviado: versionOf(shown!.contenido), creado_por: ctx.user?.id ?? null, vence_en: vence })
      .returning({ id: enlacesPresupuesto.id, vence_en: enlacesPresupuesto.vence_en });
    await audit({ entity: enlacesPresupuesto, entityId: row.id, changes: { vence_en: row.vence_en }, parent: { entity: presupuestos, id: presupuestoId } });
    return { id: row.id, url: `${origin}${publicPath(token)}`, vence: row.vence_en };
  });
}
