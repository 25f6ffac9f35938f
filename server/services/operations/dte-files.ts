// A DTE request read from its raw JSON bytes: body checked (dteBody), each file's base64
// checked and decoded, its size capped (DTE_MAX_BYTES, else 413), its XML parsed, repeated
// documents dropped. Pure and synchronous, and slow for big files (JSON, base64 and XML of
// several MiB): the server runs it in a worker thread (dte-reader.ts), never on the
// request thread. The documents come back in small chunks (DTE_CHUNK documents, one
// message each, see dte-reader.ts), so no large object graph is copied onto the request
// thread at once.
import { createHash } from "node:crypto";
import {
  dteBody,
  dteKey,
  DTE_MAX_BYTES,
  MSG_DTE_ARCHIVO_DEMASIADO_GRANDE,
  parseDteXml,
  type Dte,
} from "../../../src/domain/operations";
import { formatCLP } from "../../../src/domain/format/number";
import type { FieldErrors } from "../../errors";

export const MSG_DTE_NADA_QUE_LEER = "Ningún archivo trae un documento tributario que se pueda registrar.";
export const MSG_DTE_NO_BASE64 = "El contenido debe venir en base64";
const MSG_JSON_INVALIDO = "El cuerpo de la solicitud no es JSON válido.";

export type DteRequestRead =
  | {
      ok: true;
      /** The files as the body schema sees them, contents replaced by their SHA-256 (for the Idempotency-Key's fingerprint). */
      archivos: { nombre: string; contenido: string }[];
      /** Each document once, in file order. */
      docs: DteDoc[];
      rechazados: string[];
    }
  | { ok: false; status: 400 | 413; message: string; errors: FieldErrors };

/** One document of the files and the file it came in. */
export type DteDoc = { archivo: string; doc: Dte };

/** Documents per message from the worker, and per step of the service between yields. */
export const DTE_CHUNK = 20;

const BASE64 = /^[A-Za-z0-9+/=\s]*$/;

function refusal(status: 400 | 413, message: string, errors: FieldErrors): DteRequestRead {
  return { ok: false, status, message, errors };
}

export function readDteRequest(raw: Uint8Array): DteRequestRead {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString("utf8"));
  } catch {
    return refusal(400, MSG_JSON_INVALIDO, {});
  }
  const parsed = dteBody.safeParse(json);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) (errors[issue.path.join(".") || "_"] ??= []).push(issue.message);
    const first = Object.values(errors)[0]?.[0];
    return refusal(400, first ? `Datos inválidos: ${first}` : "Datos inválidos.", errors);
  }
  const files = parsed.data.archivos;

  const notBase64 = files.flatMap((f, i) => (BASE64.test(f.contenido) ? [] : [`archivos.${i}.contenido`]));
  if (notBase64.length) return refusal(400, `Datos inválidos: ${MSG_DTE_NO_BASE64}`, Object.fromEntries(notBase64.map((k) => [k, [MSG_DTE_NO_BASE64]])));
  const bytes = files.map((f) => Buffer.from(f.contenido, "base64"));
  const tooLarge = files.flatMap((f, i) => (bytes[i].length > DTE_MAX_BYTES ? [MSG_DTE_ARCHIVO_DEMASIADO_GRANDE(f.nombre, bytes[i].length)] : []));
  if (tooLarge.length) return refusal(413, tooLarge.join(" "), { archivos: tooLarge });

  const docs: DteDoc[] = [];
  const rechazados: string[] = [];
  const seen = new Map<string, { archivo: string; total: number }>();
  files.forEach((f, i) => {
    const result = parseDteXml(bytes[i]);
    if (!result.ok) {
      rechazados.push(`${f.nombre}: ${result.mensaje}`);
      return;
    }
    for (const r of result.rechazados) rechazados.push(`${f.nombre}: ${r}`);
    for (const doc of result.documentos) {
      const key = dteKey(doc);
      const first = seen.get(key);
      if (first) {
        rechazados.push(
          first.total === doc.monto_total
            ? `${f.nombre}: ${doc.tipo_nombre} N° ${doc.folio} viene repetida en los archivos.`
            : `${f.nombre}: ${doc.tipo_nombre} N° ${doc.folio} viene dos veces con montos distintos: total ${formatCLP(first.total)} en ${first.archivo} y ${formatCLP(doc.monto_total)} en ${f.nombre}; se tomó la de ${first.archivo}.`,
        );
        continue;
      }
      seen.set(key, { archivo: f.nombre, total: doc.monto_total });
      docs.push({ archivo: f.nombre, doc });
    }
  });
  if (docs.length === 0) {
    return refusal(400, rechazados.length ? `${MSG_DTE_NADA_QUE_LEER} ${rechazados.join(" ")}` : MSG_DTE_NADA_QUE_LEER, {
      archivos: rechazados.length ? rechazados : [MSG_DTE_NADA_QUE_LEER],
    });
  }
  const archivos = files.map((f, i) => ({ nombre: f.nombre, contenido: `sha256:${createHash("sha256").update(bytes[i]).digest("hex")}` }));
  return { ok: true, archivos, docs, rechazados };
}
