// Browser-stored session (specification sections 3 and 4): the token, the user
// (id, nombre, correo, rol) and the user's name are kept under separate keys.
// This module is deliberately tiny: the login page imports it without pulling
// Refine or antd into its bundle.
import { isRole, type Role } from "../domain/roles/roles";

export const TOKEN_KEY = "token";
export const USER_KEY = "usuario";
export const NAME_KEY = "nombre";

export interface SessionUser {
  id: number;
  nombre: string;
  correo: string;
  rol: Role;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

export function parseSessionUser(value: unknown): SessionUser | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const id = typeof v.id === "string" && /^\d+$/.test(v.id) ? Number(v.id) : v.id;
  if (typeof id !== "number" || !Number.isFinite(id)) return null;
  if (typeof v.nombre !== "string" || typeof v.correo !== "string" || !isRole(v.rol)) return null;
  return { id, nombre: v.nombre, correo: v.correo, rol: v.rol };
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) || null;
}

export function getStoredUser(): SessionUser | null {
  const raw = storage()?.getItem(USER_KEY);
  if (!raw) return null;
  try {
    return parseSessionUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** The stored user name (spec 3 keeps it on its own), falling back to the stored user. */
export function getStoredName(): string | null {
  return storage()?.getItem(NAME_KEY) || getStoredUser()?.nombre || null;
}

/** A session exists only when both the token and a valid user are stored (spec 2.1 / 4). */
export function hasSession(): boolean {
  return getToken() !== null && getStoredUser() !== null;
}

export function saveSession(token: string, user: SessionUser): void {
  const s = storage();
  if (!s) return;
  s.setItem(TOKEN_KEY, token);
  s.setItem(USER_KEY, JSON.stringify(user));
  s.setItem(NAME_KEY, user.nombre);
}

export function clearSession(): void {
  const s = storage();
  if (!s) return;
  s.removeItem(TOKEN_KEY);
  s.removeItem(USER_KEY);
  s.removeItem(NAME_KEY);
}
