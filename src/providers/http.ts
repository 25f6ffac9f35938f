// The shared axios setup: base URL /api, bearer token, Idempotency-Key on POST,
// safe retries, and conversion of failures into Refine's HttpError shape.
import axios, { AxiosHeaders, type AxiosAdapter, type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from "axios";
import type { HttpError, ValidationErrors } from "@refinedev/core";
import { getToken } from "./session";
import { FORBIDDEN_MESSAGE } from "./app-events";
import { prefetcher, type Prefetcher } from "../data/prefetch";

export const API_BASE_URL = "/api";
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** A random key for one user action. crypto.randomUUID only exists in secure contexts
 * (https or localhost); the workshop may open the app over plain http on its LAN. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type RetryConfig = InternalAxiosRequestConfig & { __retries?: number };

const RETRY_DELAYS_MS = [400, 1200];
const RETRY_STATUSES = new Set([502, 503, 504]);

/** A request may be sent again only if repeating it cannot change the outcome:
 * reads, and POSTs carrying an Idempotency-Key (the server answers a repeat with the
 * first answer). PUTs are not retried: some of them toggle a value. */
function canRetry(config: RetryConfig, error: AxiosError): boolean {
  if (axios.isCancel(error)) return false;
  if (error.response && !RETRY_STATUSES.has(error.response.status)) return false;
  const method = (config.method ?? "get").toLowerCase();
  if (method === "get" || method === "head") return true;
  return method === "post" && Boolean(config.headers?.get?.(IDEMPOTENCY_HEADER));
}

/**
 * The transport: a GET is noted as one of the address's first reads and answered by its
 * prefetched response when there is one (src/data/prefetch.ts); a write drops the
 * prefetched answers not yet used; everything else goes to axios' own adapter.
 */
function prefetchingAdapter(client: AxiosInstance, prefetch: Prefetcher): AxiosAdapter {
  const send = axios.getAdapter(axios.defaults.adapter);
  return async (config) => {
    const method = (config.method ?? "get").toLowerCase();
    if (method !== "get") {
      prefetch.forgetAll();
      return send(config);
    }
    const url = client.getUri(config);
    prefetch.noteRead(url);
    const asJson = !config.responseType || config.responseType === "json";
    const hit = asJson ? await prefetch.take(url, getToken()) : undefined;
    if (hit && hit.status >= 200 && hit.status < 300) {
      return { data: hit.body, status: hit.status, statusText: hit.statusText, headers: new AxiosHeaders(hit.headers), config, request: {} };
    }
    return send(config);
  };
}

export function createHttpClient(prefetch: Prefetcher = prefetcher): AxiosInstance {
  const client = axios.create({
    baseURL: API_BASE_URL,
    timeout: 60_000,
    headers: { Accept: "application/json" },
  });
  client.defaults.adapter = prefetchingAdapter(client, prefetch);
  client.interceptors.request.use((config) => {
    const token = getToken();
    if (token) config.headers.set("Authorization", `Bearer ${token}`);
    // One key per call; a retry re-sends this same config and so the same key.
    if ((config.method ?? "get").toLowerCase() === "post" && !config.headers.get(IDEMPOTENCY_HEADER)) {
      config.headers.set(IDEMPOTENCY_HEADER, newIdempotencyKey());
    }
    return config;
  });
  client.interceptors.response.use(undefined, async (error: AxiosError) => {
    const config = error.config as RetryConfig | undefined;
    if (!config || !canRetry(config, error)) throw error;
    const attempt = config.__retries ?? 0;
    if (attempt >= RETRY_DELAYS_MS.length) throw error;
    config.__retries = attempt + 1;
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
    return client.request(config);
  });
  return client;
}

function defaultMessage(status: number): string {
  switch (status) {
    case 0:
      return "No se pudo conectar con el servidor. Revise su conexión e intente de nuevo.";
    case 400:
      return "Los datos enviados no son válidos.";
    case 401:
      return "Su sesión expiró. Inicie sesión nuevamente.";
    case 403:
      return FORBIDDEN_MESSAGE;
    case 404:
      return "No se encontró el registro solicitado.";
    case 409:
      return "La operación entra en conflicto con datos existentes.";
    case 413:
      return "Los datos enviados son demasiado grandes.";
    case 429:
      return "Demasiados intentos. Espere un momento e intente de nuevo.";
    default:
      return status >= 500 ? "Error del servidor. Intente nuevamente más tarde." : "Ocurrió un error inesperado.";
  }
}

function toValidationErrors(value: unknown): ValidationErrors | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const out: ValidationErrors = {};
  for (const [field, messages] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === "string");
    else if (typeof messages === "string") out[field] = [messages];
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Turns any failure into Refine's HttpError `{ message, statusCode, errors }`, reading the
 * server body `{ message, errors: { field: [msg] } }` so refusals land on form fields. */
export function toHttpError(error: unknown): HttpError {
  if (axios.isAxiosError(error)) {
    const status = error.response?.status ?? 0;
    const body = error.response?.data as { message?: unknown; errors?: unknown } | undefined;
    const serverMessage = typeof body?.message === "string" && body.message.trim() ? body.message : undefined;
    return {
      // A 403 always reads the same (server-behaviour "Users").
      message: status === 403 ? FORBIDDEN_MESSAGE : serverMessage ?? defaultMessage(status),
      statusCode: status,
      errors: toValidationErrors(body?.errors),
    };
  }
  if (typeof error === "object" && error !== null && "statusCode" in error && "message" in error) {
    return error as HttpError;
  }
  return { message: error instanceof Error ? error.message : defaultMessage(-1), statusCode: 0 };
}

/** The HTTP status of a failure, whatever its shape (axios error or HttpError). */
export function statusOf(error: unknown): number | undefined {
  if (axios.isAxiosError(error)) return error.response?.status;
  if (typeof error === "object" && error !== null) {
    const e = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } };
    for (const candidate of [e.statusCode, e.status, e.response?.status]) {
      if (typeof candidate === "number") return candidate;
    }
  }
  return undefined;
}
