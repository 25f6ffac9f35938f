// Refine auth provider (spec 3, 4, 8; server-behaviour "Users"). Kept free of antd and
// of Refine runtime code so the light login page can use it directly.
import type { AuthProvider } from "@refinedev/core";
import { api } from "./api";
import { statusOf } from "./http";
import { notifyForbidden } from "./app-events";
import { clearSession, getStoredUser, getToken, hasSession, parseSessionUser, saveSession, type SessionUser } from "./session";
import { linkTo } from "../custom-pages/screens";

export const LOGIN_ERROR_MESSAGE = "Correo o contraseña incorrectos";

export interface LoginParams {
  correo: string;
  contrasena: string;
}

interface LoginResponse {
  token?: unknown;
  usuario?: unknown;
}

export async function login({ correo, contrasena }: LoginParams): Promise<SessionUser> {
  const { data } = await api.post<LoginResponse>("/login", { correo, contrasena });
  const user = parseSessionUser(data?.usuario);
  if (typeof data?.token !== "string" || !data.token || !user) throw new Error("Respuesta de inicio de sesión inválida");
  saveSession(data.token, user);
  return user;
}

/** Revokes the token on the server (best effort) and forgets the session. */
export async function logout(): Promise<void> {
  if (hasSession()) {
    try {
      await api.post("/logout");
    } catch {
      // An expired or revoked token cannot be revoked again; the session ends anyway.
    }
  }
  clearSession();
}

/**
 * The stored user, refreshed from the server (GET api/sesion) so a role change made by an
 * administrator reaches the menus and access checks on the next page load. Without
 * network the stored user stands; a revoked session answers 401 and `api` logs out.
 */
let lastRefresh = 0;
/** Each page load refreshes; within a page, at most once a minute (identity is read often). */
const REFRESH_EVERY_MS = 60_000;

export async function refreshIdentity(): Promise<SessionUser | null> {
  const stored = getStoredUser();
  if (!stored) return null;
  if (Date.now() - lastRefresh < REFRESH_EVERY_MS) return stored;
  lastRefresh = Date.now();
  try {
    const { data } = await api.get<{ usuario?: unknown }>("/sesion");
    const fresh = parseSessionUser(data?.usuario);
    const token = getToken();
    if (fresh && token && hasSession()) {
      if (JSON.stringify(fresh) !== JSON.stringify(stored)) saveSession(token, fresh);
      return fresh;
    }
  } catch {
    // offline or refused: keep what is stored (a 401 has already ended the session)
  }
  return getStoredUser();
}

export const authProvider: AuthProvider = {
  login: async (params: LoginParams) => {
    try {
      await login(params);
      return { success: true, redirectTo: linkTo("home") };
    } catch (error) {
      return {
        success: false,
        error: { name: "Error", message: LOGIN_ERROR_MESSAGE, statusCode: statusOf(error) ?? 0 },
      };
    }
  },
  logout: async () => {
    await logout();
    return { success: true, redirectTo: linkTo("login") };
  },
  check: async () =>
    hasSession() ? { authenticated: true } : { authenticated: false, logout: true, redirectTo: linkTo("login") },
  onError: async (error: unknown) => {
    const status = statusOf(error);
    // Only a 401 ends the session; a 403 keeps it and says so.
    if (status === 401) return { logout: true, redirectTo: linkTo("login"), error: error as Error };
    if (status === 403) notifyForbidden();
    return {};
  },
  getIdentity: refreshIdentity,
  getPermissions: async () => getStoredUser()?.rol ?? null,
};

export default authProvider;
