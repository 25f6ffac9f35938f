// Warehouse requests (sections 2.6, 3, 4 and 7): GET api/solicitudes (newest first;
// estado_ne=Aprobado is "Ver solo pendientes"), POST api/solicitudes (one per item,
// Pendiente), PUT api/solicitudes/{id} { aprobada } approves (estado Aprobado, who and
// when) or reverts (Pendiente, who and when cleared). The same state again changes nothing.
import { desc, eq } from "drizzle-orm";
import { SOLICITUD_APROBADA } from "../../../src/domain/inventory/solicitud";
import { solicitudRow, type SolicitudData, type SolicitudRow } from "../../../src/domain/inventory/schemas";
import { rowColumns } from "../../db/columns";
import { solicitudes_bodega } from "../../db/schema";
import { notFound } from "../../errors";
import { byHumanName, defineList } from "../../lists";
import { changedFields } from "../changes";
import { write, type ServiceContext } from "../write";

export const SOLICITUD_PENDIENTE = "Pendiente";
export const MSG_SOLICITUD_NO_EXISTE = "La solicitud no existe";

const solicitudColumns = rowColumns(solicitudes_bodega, solicitudRow);

export const solicitudesList = defineList({
  name: "solicitudes",
  table: solicitudes_bodega,
  row: solicitudRow,
  fields: {
    id: { sort: true, filter: ["eq", "in"] },
    codigo: { sort: true, filter: ["eq", "like"] },
    producto: { sort: byHumanName(solicitudes_bodega.producto), filter: ["like"] },
    cantidad: { sort: true },
    solicitante: { sort: byHumanName(solicitudes_bodega.solicitante), filter: ["like"] },
    estado: { sort: true, filter: ["eq", "ne", "in"] },
    fecha_creacion: { sort: true, filter: ["gte", "lte"] },
    fecha_aprobacion: { sort: true },
  },
  search: [solicitudes_bodega.codigo, solicitudes_bodega.producto, solicitudes_bodega.solicitante],
  defaultSort: [desc(solicitudes_bodega.fecha_creacion)],
  tieBreaker: solicitudes_bodega.id,
  cap: 2_000,
});

export async function createSolicitud(ctx: ServiceContext, data: SolicitudData): Promise<SolicitudRow> {
  return write(ctx, async (tx, audit) => {
    const [row] = await tx
      .insert(solicitudes_bodega)
      .values({ ...data, estado: SOLICITUD_PENDIENTE, creado_por_id: ctx.user?.id ?? null })
      .returning(solicitudColumns);
    await audit({ entity: solicitudes_bodega, entityId: row.id, changes: row });
    return row;
  });
}

export async function updateSolicitud(ctx: ServiceContext, id: number, aprobada: boolean): Promise<SolicitudRow> {
  return write(ctx, async (tx, audit) => {
    const [before] = await tx.select(solicitudColumns).from(solicitudes_bodega).where(eq(solicitudes_bodega.id, id)).for("update");
    if (!before) throw notFound(MSG_SOLICITUD_NO_EXISTE);
    if ((before.estado === SOLICITUD_APROBADA) === aprobada) return before;
    const set = aprobada
      ? { estado: SOLICITUD_APROBADA, fecha_aprobacion: new Date(), aprobado_por: ctx.user?.nombre ?? null, aprobado_por_id: ctx.user?.id ?? null }
      : { estado: SOLICITUD_PENDIENTE, fecha_aprobacion: null, aprobado_por: null, aprobado_por_id: null };
    const [row] = await tx.update(solicitudes_bodega).set(set).where(eq(solicitudes_bodega.id, id)).returning(solicitudColumns);
    await audit({ entity: solicitudes_bodega, entityId: id, changes: changedFields(before, row) });
    return row;
  });
}
