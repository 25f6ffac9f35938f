// The client's link (issue 34 §2): a quote shared by a secret URL the client opens on the
// phone, reads, accepts with name, RUT and a drawn signature, or rejects. Pure rules and
// the bodies and answers of api/presupuestos/{id}/enlaces and api/publico/presupuestos/{token}.
// The server keeps only the token's hash; what the client saw is bound by a hash too
// (`version`): an acceptance of anything else than the version on screen is refused.
import { z } from "zod";
import { optionalText, requiredText, rutField, timestampValue } from "../fields";
import { MSG_BODY_OBJETO, itemPresupuestoRow } from "./schemas";
import { ELEVATION_VIEWS } from "./elevation";

/** A link lives this many days unless the company sets otherwise (Administración → Empresa). */
export const MSG_VIGENCIA_ENLACE = "La vigencia de los enlaces debe ser un número entero de días entre 1 y 365";

export const ESTADOS_ENLACE = ["vigente", "vencido", "revocado", "aceptado"] as const;
export type EstadoEnlace = (typeof ESTADOS_ENLACE)[number];
export const ESTADO_ENLACE_LABELS: Record<EstadoEnlace, string> = { vigente: "Vigente", vencido: "Vencido", revocado: "Revocado", aceptado: "Aceptado" };

/**
 * A link's state: revoked wins, then accepted (through this link), then expired by its date.
 * An accepted link stays readable (the signed copy) until someone revokes it.
 */
export function estadoEnlace(l: { revocado_en: Date | string | null; aceptado: boolean; vence_en: Date | string }, now: Date = new Date()): EstadoEnlace {
  if (l.revocado_en !== null) return "revocado";
  if (l.aceptado) return "aceptado";
  return new Date(l.vence_en).getTime() <= now.getTime() ? "vencido" : "vigente";
}

/** The token's bytes (256 bits, base64url: 43 characters). */
export const TOKEN_BYTES = 32;
/** What a token looks like in a URL; anything else is answered as an unknown link. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The public page of a token (the web's route). */
export const publicPath = (token: string) => `/p/${token}`;

// ---------------------------------------------------------------- sharing

/** The WhatsApp message: the work's name and the link, in Spanish. */
export function mensajeCompartir(p: { numero: string; nombre_obra: string | null }, url: string, empresa: string): string {
  const obra = p.nombre_obra ? ` de la obra «${p.nombre_obra}»` : "";
  return `Hola, le enviamos el presupuesto N° ${p.numero}${obra} de ${empresa}. Puede revisarlo, aceptarlo y firmarlo aquí: ${url}`;
}

/** Digits of a Chilean phone for wa.me: "+56 9 1234 5678" → "56912345678"; a 9-digit mobile gets 56; null when it is not a phone. */
export function whatsappPhone(telefono: string | null | undefined): string | null {
  if (!telefono) return null;
  let d = telefono.replace(/\D/g, "");
  if (d.length === 9 && d.startsWith("9")) d = `56${d}`;
  if (d.length === 8) d = `569${d}`;
  return d.length >= 10 && d.length <= 15 ? d : null;
}

/** `https://wa.me/<phone>?text=…` (no phone: the person picks the chat). */
export function whatsappUrl(mensaje: string, telefono?: string | null): string {
  const phone = whatsappPhone(telefono);
  return `https://wa.me/${phone ?? ""}?text=${encodeURIComponent(mensaje)}`;
}

/** `mailto:` with the subject and the message. */
export function correoUrl(p: { numero: string; nombre_obra: string | null }, mensaje: string, correo?: string | null): string {
  const asunto = `Presupuesto N° ${p.numero}${p.nombre_obra ? ` · ${p.nombre_obra}` : ""}`;
  return `mailto:${correo ? encodeURIComponent(correo) : ""}?subject=${encodeURIComponent(asunto)}&body=${encodeURIComponent(mensaje)}`;
}

// ---------------------------------------------------------------- the signature

/** The signature's drawing box (path coordinates), whatever the screen's size. */
export const FIRMA_ANCHO = 600;
export const FIRMA_ALTO = 200;

/** A signature drawn on the page: SVG path data (M/L commands) or a PNG data URL. */
export const FIRMA_MAX_CARACTERES = 60_000;
export const FIRMA_PNG_MAX_BYTES = 100 * 1024;
export const MSG_FIRMA = "Firme en el recuadro antes de aceptar";
export const MSG_FIRMA_GRANDE = "La firma es demasiado grande: límpiela y firme de nuevo";
const PATH_DATA = /^[MLml][\d\s.,MLml-]*$/;
const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/** Bytes of a base64 payload. */
const base64Bytes = (b64: string) => Math.floor((b64.length * 3) / 4) - (b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0);

export const firmaField = z.union([z.string(), z.null()], { error: MSG_FIRMA }).optional().transform((v, ctx) => {
  const t = (v ?? "").trim();
  if (t === "") {
    ctx.addIssue({ code: "custom", message: MSG_FIRMA });
    return z.NEVER;
  }
  if (t.length > FIRMA_MAX_CARACTERES * 2) {
    ctx.addIssue({ code: "custom", message: MSG_FIRMA_GRANDE });
    return z.NEVER;
  }
  const png = PNG_DATA_URL.exec(t);
  if (png) {
    if (base64Bytes(png[1]) > FIRMA_PNG_MAX_BYTES) {
      ctx.addIssue({ code: "custom", message: MSG_FIRMA_GRANDE });
      return z.NEVER;
    }
    return t;
  }
  if (t.length > FIRMA_MAX_CARACTERES) {
    ctx.addIssue({ code: "custom", message: MSG_FIRMA_GRANDE });
    return z.NEVER;
  }
  // A signature is at least one stroke: a move and a line.
  if (!PATH_DATA.test(t) || !/[Ll]/.test(t)) {
    ctx.addIssue({ code: "custom", message: MSG_FIRMA });
    return z.NEVER;
  }
  return t;
});

export const MSG_ACEPTO = "Marque «Acepto el presupuesto y sus condiciones»";
export const MSG_VERSION = "Falta la versión del presupuesto: recargue la página";
export const MSG_CAMBIO = "El presupuesto cambió, revise la versión actual";
export const MSG_ENLACE_NO_EXISTE = "El enlace no existe, venció o fue anulado. Pida uno nuevo a quien le envió el presupuesto.";
export const MSG_YA_ACEPTADO = "Este presupuesto ya fue aceptado";
export const MSG_YA_RECHAZADO = "Ya registramos su rechazo de este presupuesto";
export const MSG_ENLACE_ACEPTADO = "El enlace ya fue aceptado por el cliente: no se puede anular";
export const MSG_ENLACE_REVOCADO = "El enlace ya estaba anulado";
export const MSG_DEMASIADAS_SOLICITUDES = "Demasiadas solicitudes desde su conexión. Espere un momento y vuelva a intentarlo.";

/** POST api/publico/presupuestos/{token}/aceptacion. */
export const aceptacionSchema = z.object(
  {
    nombre: requiredText("Escriba su nombre", 200),
    rut: rutField({ required: "Escriba su RUT" }),
    acepto: z.literal(true, { error: MSG_ACEPTO }),
    firma: firmaField,
    version: z.string({ error: MSG_VERSION }).regex(/^[0-9a-f]{64}$/, MSG_VERSION),
  },
  { error: MSG_BODY_OBJETO },
);
export type AceptacionInput = z.input<typeof aceptacionSchema>;
export type AceptacionData = z.output<typeof aceptacionSchema>;

/** POST api/publico/presupuestos/{token}/rechazo. */
export const rechazoSchema = z.object({ motivo: optionalText(1000) }, { error: MSG_BODY_OBJETO });
export type RechazoInput = z.input<typeof rechazoSchema>;

// ---------------------------------------------------------------- what the client sees

/**
 * The public answer, field by field: the allow-list. Nothing else of the database leaves
 * through the public routes (no ids, costs, UTV, margins nor users' e-mails).
 */
export const empresaPublica = z.object({
  nombre: z.string(),
  nombre_fantasia: z.string(),
  rut: z.string(),
  giro: z.string().nullable(),
  direccion: z.string(),
  telefono: z.string().nullable(),
  correo: z.string().nullable(),
  sitio_web: z.string().nullable(),
  logo: z.string().nullable(),
  /** How the drawings are seen (Administración → Empresa): said under each one. */
  vista_dibujos: z.enum(ELEVATION_VIEWS),
});

export const presupuestoPublico = z.object({
  numero: z.string(),
  fecha: z.string(),
  nombre_obra: z.string().nullable(),
  direccion: z.string().nullable(),
  observacion: z.string().nullable(),
  cliente_nombre: z.string(),
  validez_dias: z.number().int(),
  valido_hasta: z.string(),
});

/** An item as the client sees it: an allow-list of the quote item's fields (no UTV, no ids), with its total. */
export const itemPublico = itemPresupuestoRow
  .pick({
    item: true,
    recinto: true,
    ancho: true,
    alto: true,
    tipo_ventana: true,
    tipo_apertura: true,
    grada_buque: true,
    adicional: true,
    cuadros_adicionales: true,
    observaciones: true,
    texto_observaciones: true,
    cantidad: true,
    precio_unitario: true,
  })
  .extend({ total: z.number().int() });

export const condicionesPublicas = z.object({
  validez_oferta_dias: z.number().int(),
  forma_pago: z.string().nullable(),
  plazo_entrega: z.string().nullable(),
  banco: z.string().nullable(),
  tipo_cuenta: z.string().nullable(),
  numero_cuenta: z.string().nullable(),
  correo_transferencias: z.string().nullable(),
});

/** What the client saw and accepts: the hash of this object (in this key order) is the `version`. */
export const contenidoPublico = z.object({
  presupuesto: presupuestoPublico,
  items: z.array(itemPublico),
  totales: z.object({ neto: z.number().int(), iva: z.number().int(), total: z.number().int() }),
  condiciones: condicionesPublicas,
});
export type ContenidoPublico = z.infer<typeof contenidoPublico>;

export const aceptacionPublica = z.object({
  nombre: z.string(),
  rut: z.string(),
  firma: z.string(),
  aceptado_en: timestampValue,
  hash: z.string(),
});

export const presupuestoPublicoRow = z.object({
  estado: z.enum(["vigente", "aceptado"]),
  /** The quote or its items changed since the link was sent. */
  cambiado: z.boolean(),
  /** sha-256 of `contenido`: the acceptance sends it back. */
  version: z.string(),
  vence: timestampValue,
  empresa: empresaPublica,
  vendedor: z.object({ nombre: z.string(), telefono: z.string().nullable() }).nullable(),
  contenido: contenidoPublico,
  aceptacion: aceptacionPublica.nullable(),
  rechazo: z.object({ rechazado_en: timestampValue, motivo: z.string().nullable() }).nullable(),
});
export type PresupuestoPublico = z.input<typeof presupuestoPublicoRow>;
export type PresupuestoPublicoData = z.output<typeof presupuestoPublicoRow>;

/** The answer's fields, by path: the API test compares the public answer against it. */
export const PUBLIC_FIELDS = {
  "": Object.keys(presupuestoPublicoRow.shape),
  empresa: Object.keys(empresaPublica.shape),
  vendedor: ["nombre", "telefono"],
  contenido: Object.keys(contenidoPublico.shape),
  "contenido.presupuesto": Object.keys(presupuestoPublico.shape),
  "contenido.items[]": Object.keys(itemPublico.shape),
  "contenido.totales": ["neto", "iva", "total"],
  "contenido.condiciones": Object.keys(condicionesPublicas.shape),
  aceptacion: Object.keys(aceptacionPublica.shape),
  rechazo: ["rechazado_en", "motivo"],
} as const;

/** The first characters of a version hash printed on the signed PDF and the page. */
export const hashCorto = (hash: string) => hash.slice(0, 12).toUpperCase();

// ---------------------------------------------------------------- the quote's links

/** GET api/presupuestos/{id}/enlaces: one link (the token is never shown again). */
export const enlaceRow = z.object({
  id: z.number().int(),
  presupuesto_id: z.number().int(),
  estado: z.enum(ESTADOS_ENLACE),
  creado_en: timestampValue,
  creado_por_nombre: z.string().nullable(),
  vence_en: timestampValue,
  revocado_en: timestampValue.nullable(),
  revocado_por_nombre: z.string().nullable(),
  rechazado_en: timestampValue.nullable(),
  motivo_rechazo: z.string().nullable(),
  /** The quote's acceptance through this link: the signed copy (its PDF prints it). */
  aceptacion: z.object({ nombre: z.string(), rut: z.string(), firma: z.string(), aceptado_en: timestampValue, hash: z.string() }).nullable(),
});
export type EnlaceRow = z.input<typeof enlaceRow>;
export type EnlaceRowData = z.output<typeof enlaceRow>;

/** POST api/presupuestos/{id}/enlaces → 201: the URL holds the token, shown this once. */
export const enlaceCreado = z.object({ id: z.number().int(), url: z.string(), vence: timestampValue });
export type EnlaceCreado = z.input<typeof enlaceCreado>;
export type EnlaceCreadoData = z.output<typeof enlaceCreado>;

/** The signed copy of an accepted quote (its PDF and the quote page). */
export const aceptacionPresupuestoRow = z.object({
  nombre: z.string(),
  rut: z.string(),
  firma: z.string(),
  aceptado_en: timestampValue,
  hash: z.string(),
});
export type AceptacionPresupuesto = z.input<typeof aceptacionPresupuestoRow>;
