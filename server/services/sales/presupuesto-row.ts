// The quote row every presupuestos answer carries (with its client's name and RUT from
// one JOIN), and its list spec.
import { desc, eq } from "drizzle-orm";
import { clientes, presupuestos } from "../../db/schema";
import type { Db } from "../../db/connect";
import type { Tx } from "../write";
import type { ListSpec } from "../list";
import { byHumanName } from "./cliente-row";

export const presupuestoColumns = {
  id: presupuestos.id,
  numero: presupuestos.numero,
  cliente_id: presupuestos.cliente_id,
  nombre_obra: presupuestos.nombre_obra,
  direccion: presupuestos.direccion,
  observacion: presupuestos.observacion,
  fecha: presupuestos.fecha,
  total_neto_presupuestado: presupuestos.total_neto_presupuestado,
  cliente_nombre: clientes.nombre,
  cliente_rut: clientes.rut,
};

export interface PresupuestoRow {
  id: number;
  numero: string;
  cliente_id: number;
  nombre_obra: string | null;
  direccion: string | null;
  observacion: string | null;
  fecha: string;
  total_neto_presupuestado: number;
  cliente_nombre: string;
  cliente_rut: string | null;
}

export const MSG_PRESUPUESTO_NO_EXISTE = "El presupuesto no existe.";
export const MSG_NUMERO_DUPLICADO = "Ya existe un presupuesto con ese número para este cliente";
export const MSG_CLIENTE_NO_EXISTE_CAMPO = "El cliente seleccionado no existe";
export const NUMERO_UNIQUE = "presupuestos_cliente_numero_uq";
export const CLIENTE_FK = "presupuestos_cliente_id_clientes_id_fk";

/**
 * Newest first: the most recently created quote first (the quote date has no input on
 * the screens, so it is the creation date unless edited). Served by the
 * presupuestos_creado_idx (creado_en, id) index.
 */
export const presupuestoNewestFirst = [desc(presupuestos.creado_en), desc(presupuestos.id)];

export const presupuestoListSpec: ListSpec = {
  sortable: {
    id: presupuestos.id,
    numero: presupuestos.numero,
    cliente_id: presupuestos.cliente_id,
    nombre_obra: byHumanName(presupuestos.nombre_obra),
    direccion: byHumanName(presupuestos.direccion),
    fecha: presupuestos.fecha,
    total_neto_presupuestado: presupuestos.total_neto_presupuestado,
    cliente_nombre: byHumanName(clientes.nombre),
    cliente_rut: clientes.rut,
  },
  defaultSort: presupuestoNewestFirst,
  tieBreaker: presupuestos.id,
  searchable: [presupuestos.numero, presupuestos.nombre_obra, clientes.nombre],
  filters: { cliente_id: presupuestos.cliente_id },
};

/** A quote's row as the API answers it (inside a transaction or not). */
export function selectPresupuesto(db: Db | Tx) {
  return db.select(presupuestoColumns).from(presupuestos).innerJoin(clientes, eq(clientes.id, presupuestos.cliente_id));
}
