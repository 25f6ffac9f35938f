// What the client's-link services share: the token (random, only its hash stored), the
// content the client sees (the allow-list of src/domain/sales/enlaces, built in one place)
// and its version hash, and the lookup of a link by its token.
import { createHash, randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { addDays } from "../../../src/domain/dates/dates";
import { lineTotal, quoteTotals, totals } from "../../../src/domain/money";
import { TOKEN_BYTES, MSG_ENLACE_NO_EXISTE, type ContenidoPublico } from "../../../src/domain/sales/enlaces";
import type { Db } from "../../db/connect";
import { aceptacionesPresupuesto, clientes, empresa, enlacesPresupuesto, itemsPresupuesto, presupuestos, usuarios } from "../../db/schema";
import { notFound } from "../../errors";
import type { Tx } from "../write";

export const newLinkToken = () => randomBytes(TOKEN_BYTES).toString("base64url");
export const hashLinkToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** sha-256 of what the client sees, in the allow-list's key order (the objects are built below, always in that order). */
export const versionOf = (contenido: ContenidoPublico) => createHash("sha256").update(JSON.stringify(contenido)).digest("hex");

/** Every unknown, expired or revoked link gets this same refusal. */
export const linkNotFound = () => notFound(MSG_ENLACE_NO_EXISTE);

export const empresaPublicaColumns = {
  nombre: empresa.nombre,
  nombre_fantasia: empresa.nombre_fantasia,
  rut: empresa.rut,
  giro: empresa.giro,
  direccion: empresa.direccion,
  telefono: empresa.telefono,
  correo: empresa.correo,
  sitio_web: empresa.sitio_web,
  logo: empresa.logo,
  vista_dibujos: empresa.vista_dibujos,
};

/**
 * The quote as the client sees it now (null: no such quote): its header, items, totals
 * and the company's terms, plus who sells it. Three queries, none per item.
 */
export async function readContenido(db: Db | Tx, presupuestoId: number) {
  const [[head], items, [terms]] = await Promise.all([
    db
      .select({
        numero: presupuestos.numero,
        fecha: presupuestos.fecha,
        nombre_obra: presupuestos.nombre_obra,
        direccion: presupuestos.direccion,
        observacion: presupuestos.observacion,
        cliente_nombre: clientes.nombre,
        cliente_telefono: clientes.telefono,
        cliente_correo: clientes.correo,
        total_neto_presupuestado: presupuestos.total_neto_presupuestado,
        vendedor_nombre: usuarios.nombre,
        vendedor_telefono: usuarios.telefono,
      })
      .from(presupuestos)
      .innerJoin(clientes, eq(clientes.id, presupuestos.cliente_id))
      .leftJoin(usuarios, eq(usuarios.id, presupuestos.creado_por))
      .where(eq(presupuestos.id, presupuestoId)),
    db
      .select({
        item: itemsPresupuesto.item,
        recinto: itemsPresupuesto.recinto,
        ancho: itemsPresupuesto.ancho,
        alto: itemsPresupuesto.alto,
        tipo_ventana: itemsPresupuesto.tipo_ventana,
        tipo_apertura: itemsPresupuesto.tipo_apertura,
        grada_buque: itemsPresupuesto.grada_buque,
        adicional: itemsPresupuesto.adicional,
        cuadros_adicionales: itemsPresupuesto.cuadros_adicionales,
        observaciones: itemsPresupuesto.observaciones,
        texto_observaciones: itemsPresupuesto.texto_observaciones,
        cantidad: itemsPresupuesto.cantidad,
        precio_unitario: itemsPresupuesto.precio_unitario,
      })
      .from(itemsPresupuesto)
      .where(eq(itemsPresupuesto.presupuesto_id, presupuestoId))
      .orderBy(asc(itemsPresupuesto.id)),
    db
      .select({
        validez_oferta_dias: empresa.validez_oferta_dias,
        forma_pago: empresa.forma_pago,
        plazo_entrega: empresa.plazo_entrega,
        banco: empresa.banco,
        tipo_cuenta: empresa.tipo_cuenta,
        numero_cuenta: empresa.numero_cuenta,
        correo_transferencias: empresa.correo_transferencias,
      })
      .from(empresa)
      .where(eq(empresa.id, 1)),
  ]);
  if (!head) return null;
  const lines = items.map((it) => ({
    item: it.item,
    recinto: it.recinto,
    ancho: it.ancho,
    alto: it.alto,
    tipo_ventana: it.tipo_ventana,
    tipo_apertura: it.tipo_apertura,
    grada_buque: it.grada_buque,
    adicional: it.adicional,
    cuadros_adicionales: it.cuadros_adicionales,
    observaciones: it.observaciones,
    texto_observaciones: it.texto_observaciones,
    cantidad: it.cantidad === null ? null : Number(it.cantidad),
    precio_unitario: it.precio_unitario,
    total: lineTotal(it.cantidad === null ? null : Number(it.cantidad), it.precio_unitario),
  }));
  // As the quote PDF: the items' totals, or the budgeted net of a quote without items.
  const t = lines.length > 0 ? quoteTotals(lines) : totals(head.total_neto_presupuestado);
  const contenido: ContenidoPublico = {
    presupuesto: {
      numero: head.numero,
      fecha: head.fecha,
      nombre_obra: head.nombre_obra,
      direccion: head.direccion,
      observacion: head.observacion,
      cliente_nombre: head.cliente_nombre,
      validez_dias: terms.validez_oferta_dias,
      valido_hasta: addDays(head.fecha, terms.validez_oferta_dias),
    },
    items: lines,
    totales: { neto: t.neto, iva: t.iva, total: t.total },
    condiciones: {
      validez_oferta_dias: terms.validez_oferta_dias,
      forma_pago: terms.forma_pago,
      plazo_entrega: terms.plazo_entrega,
      banco: terms.banco,
      tipo_cuenta: terms.tipo_cuenta,
      numero_cuenta: terms.numero_cuenta,
      correo_transferencias: terms.correo_transferencias,
    },
  };
  return {
    contenido,
    vendedor: head.vendedor_nombre === null ? null : { nombre: head.vendedor_nombre, telefono: head.vendedor_telefono },
    cliente: { telefono: head.cliente_telefono, correo: head.cliente_correo },
  };
}

/** A link by its token with its quote's acceptance, if any (null: no such token). One indexed query. */
export async function linkByToken(db: Db | Tx, token: string) {
  // Any token is hashed and looked up the same way (one indexed query): an unknown, a
  // malformed, an expired and a revoked one take the same time.
  const hash = hashLinkToken(token);
  const [row] = await db
    .select({
      id: enlacesPresupuesto.id,
      presupuesto_id: enlacesPresupuesto.presupuesto_id,
      hash_enviado: enlacesPresupuesto.hash_enviado,
      vence_en: enlacesPresupuesto.vence_en,
      revocado_en: enlacesPresupuesto.revocado_en,
      rechazado_en: enlacesPresupuesto.rechazado_en,
      motivo_rechazo: enlacesPresupuesto.motivo_rechazo,
      aceptacion_enlace_id: aceptacionesPresupuesto.enlace_id,
    })
    .from(enlacesPresupuesto)
    .leftJoin(aceptacionesPresupuesto, eq(aceptacionesPresupuesto.presupuesto_id, enlacesPresupuesto.presupuesto_id))
    .where(eq(enlacesPresupuesto.token_hash, hash));
  return row ?? null;
}

export type LinkRow = NonNullable<Awaited<ReturnType<typeof linkByToken>>>;

/**
 * The link the client may use: not revoked, and either its quote is accepted (shown
 * read-only) or it has not expired. Anything else is the one 404.
 */
export function usableLink(link: LinkRow | null, now = new Date()): LinkRow {
  if (!link || link.revocado_en !== null) throw linkNotFound();
  if (link.aceptacion_enlace_id === null && link.vence_en.getTime() <= now.getTime()) throw linkNotFound();
  return link;
}

export const MSG_EDITADO_ACEPTADO = "Modificado después de la aceptación del cliente";

/** What an audit row of a change to an accepted quote adds (the change is recorded as made after the client's acceptance). */
export async function afterAcceptanceNote(tx: Tx, presupuestoId: number): Promise<{ despues_de_aceptacion?: string }> {
  const [row] = await tx.select({ fecha: presupuestos.aceptado_fecha }).from(presupuestos).where(eq(presupuestos.id, presupuestoId));
  return row?.fecha ? { despues_de_aceptacion: `${MSG_EDITADO_ACEPTADO} (${row.fecha})` } : {};
}
