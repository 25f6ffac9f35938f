// A plain axios instance for custom pages: `api.get("/clientes")` → GET /api/clientes.
// It sends the bearer token and an Idempotency-Key on every POST; a 401 ends the
// session and goes to /login; a 403 shows "No tiene permiso para esta acción." and
// keeps the session. Failures reject with the axios error (use `toHttpError` to read
// the server's `{ message, errors }`).
import { createHttpClient } from "./http";
import { clearSession } from "./session";
import { notifyForbidden, redirectToLogin } from "./app-events";

export { toHttpError, statusOf, newIdempotencyKey, IDEMPOTENCY_HEADER } from "./http";

/** Calls whose 401 means "wrong credentials" or "already signed out", not "session ended". */
const NO_REDIRECT_PATHS = ["/login", "/logout"];

export const api = createHttpClient();

api.interceptors.response.use(undefined, (error: unknown) => {
  const e = error as { response?: { status?: number }; config?: { url?: string } };
  const status = e.response?.status;
  const url = (e.config?.url ?? "").replace(/^\/api/, "").split("?")[0];
  if (status === 401 && !NO_REDIRECT_PATHS.includes(url)) {
    clearSession();
    redirectToLogin();
  } else if (status === 403) {
    notifyForbidden();
  }
  return Promise.reject(error);
});

export default api;
