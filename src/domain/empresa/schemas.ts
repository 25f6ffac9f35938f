// The company's own data (Administración → Empresa), declared once: what the quote and
// purchase-order PDFs print about the issuer (name, RUT, address, contact, bank account
// for transfers, the offer's validity, payment terms, delivery time and logo). One row,
// edited by Informático; read by every signed-in user because the PDFs need it.
import { z } from "zod";
import { MSG_BODY_OBJETO, MSG_CORREO_INVALIDO } from "../sales/schemas";
import { ELEVATION_VIEWS } from "../sales/elevation";
import { optionalText, requiredText, rutField, timestampValue } from "../fields";
import { MSG_VIGENCIA_ENLACE } from "../sales/enlaces";

/** The logo is stored inline as a data URL: small PNG or JPEG images only. */
export const LOGO_MAX_BYTES = 200 * 1024;
export const LOGO_TIPOS = ["image/png", "image/jpeg"] as const;
export const MSG_LOGO_TIPO = "El logo debe ser una imagen PNG o JPEG";
export const MSG_LOGO_GRANDE = `El logo no puede superar ${LOGO_MAX_BYTES / 1024} KB`;
export const MSG_VISTA_DIBUJOS = "La vista de los dibujos debe ser «exterior» o «interior»";
export const MSG_LOGO_CONTENIDO = "El archivo del logo no es una imagen PNG o JPEG válida (su contenido no corresponde al tipo)";
export const MSG_VALIDEZ = "La validez debe ser un número entero de días entre 1 y 365";

const DATA_URL = /^data:(image\/(?:png|jpeg));base64,([A-Za-z0-9+/]+={0,2})$/;

/** Bytes of the image a base64 data URL holds. */
export function dataUrlBytes(dataUrl: string): number {
  const b64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  return Math.floor((b64.length * 3) / 4) - (b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0);
}

/** The first bytes each type must start with: PNG's signature, JPEG's SOI marker and the next marker's FF. */
const SIGNATURES: Record<(typeof LOGO_TIPOS)[number], readonly number[]> = {
  "image/png": [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  "image/jpeg": [0xff, 0xd8, 0xff],
};

/** The image's bytes start as its declared type's must (a data URL already matched DATA_URL). */
export function logoBytesMatch(dataUrl: string): boolean {
  const m = DATA_URL.exec(dataUrl);
  if (!m) return false;
  const signature = SIGNATURES[m[1] as keyof typeof SIGNATURES];
  // 16 base64 characters are 12 bytes: enough for both signatures.
  let head: string;
  try {
    head = atob(m[2].slice(0, 16));
  } catch {
    return false;
  }
  return head.length >= signature.length && signature.every((b, i) => head.charCodeAt(i) === b);
}

/** null (no logo) or a PNG/JPEG data URL of at most LOGO_MAX_BYTES whose bytes are that type's (issue 32: not the prefix alone). */
export const logoField = z
  .union([z.string(), z.null()], { error: MSG_LOGO_TIPO })
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v.trim() === "") return null;
    if (!DATA_URL.test(v)) {
      ctx.addIssue({ code: "custom", message: MSG_LOGO_TIPO });
      return z.NEVER;
    }
    if (dataUrlBytes(v) > LOGO_MAX_BYTES) {
      ctx.addIssue({ code: "custom", message: MSG_LOGO_GRANDE });
      return z.NEVER;
    }
    if (!logoBytesMatch(v)) {
      ctx.addIssue({ code: "custom", message: MSG_LOGO_CONTENIDO });
      return z.NEVER;
    }
    return v;
  });

const email = (max: number) => optionalText(max).pipe(z.email({ error: MSG_CORREO_INVALIDO }).nullable());

export const empresaSchema = z.object(
  {
    nombre: requiredText("La razón social es obligatoria", 200),
    nombre_fantasia: requiredText("El nombre de fantasía es obligatorio", 100),
    giro: optionalText(300),
    rut: rutField({ required: "El RUT es obligatorio" }),
    direccion: requiredText("La dirección es obligatoria", 300),
    telefono: optionalText(50),
    correo: email(200),
    correo_compras: email(200),
    sitio_web: optionalText(200),
    banco: optionalText(100),
    tipo_cuenta: optionalText(50),
    numero_cuenta: optionalText(50),
    correo_transferencias: email(200),
    validez_oferta_dias: z
      .union([z.number(), z.string()], { error: MSG_VALIDEZ })
      .transform((v) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : v))
      .pipe(z.number({ error: MSG_VALIDEZ }).int(MSG_VALIDEZ).min(1, MSG_VALIDEZ).max(365, MSG_VALIDEZ)),
    forma_pago: optionalText(300),
    plazo_entrega: optionalText(300),
    plazo_entrega_oc: optionalText(300),
    logo: logoField,
    /** Days a client's quote link lives (issue 34). Left out: the current setting stays. */
    enlace_vigencia_dias: z
      .union([z.number(), z.string()], { error: MSG_VIGENCIA_ENLACE })
      .transform((v) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : v))
      .pipe(z.number({ error: MSG_VIGENCIA_ENLACE }).int(MSG_VIGENCIA_ENLACE).min(1, MSG_VIGENCIA_ENLACE).max(365, MSG_VIGENCIA_ENLACE))
      .optional(),
    /** Left out: the current view stays (a body written before the setting existed). */
    vista_dibujos: z.enum(ELEVATION_VIEWS, { error: MSG_VISTA_DIBUJOS }).optional(),
  },
  { error: MSG_BODY_OBJETO },
);
export type EmpresaInput = z.input<typeof empresaSchema>;
export type EmpresaData = z.output<typeof empresaSchema>;

/** GET/PUT api/empresa answer. */
export const empresaRow = z.object({
  nombre: z.string(),
  nombre_fantasia: z.string(),
  giro: z.string().nullable(),
  rut: z.string(),
  direccion: z.string(),
  telefono: z.string().nullable(),
  correo: z.string().nullable(),
  correo_compras: z.string().nullable(),
  sitio_web: z.string().nullable(),
  banco: z.string().nullable(),
  tipo_cuenta: z.string().nullable(),
  numero_cuenta: z.string().nullable(),
  correo_transferencias: z.string().nullable(),
  validez_oferta_dias: z.number().int(),
  forma_pago: z.string().nullable(),
  plazo_entrega: z.string().nullable(),
  /** The delivery term a purchase order asks of its supplier. */
  plazo_entrega_oc: z.string().nullable(),
  logo: z.string().nullable(),
  enlace_vigencia_dias: z.number().int(),
  /** Elevation drawings are seen from outside or from inside (issue 34). */
  vista_dibujos: z.enum(ELEVATION_VIEWS),
  actualizado_en: timestampValue,
});
export type EmpresaRow = z.infer<typeof empresaRow>;
/** The row as the web receives it (the timestamp as ISO text). */
export type Empresa = z.input<typeof empresaRow>;
