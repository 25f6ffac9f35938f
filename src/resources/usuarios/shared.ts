import { ROLES, type Role } from "../../domain/roles/roles";

export interface Usuario {
  id: number;
  nombre: string;
  correo: string;
  rol: Role;
  activo: boolean;
  creado_en?: string;
}

export const ROLE_OPTIONS = ROLES.map((rol) => ({ label: rol, value: rol }));

export const MIN_PASSWORD_LENGTH = 6;
export const PASSWORD_RULE_MESSAGE = "La contraseña debe tener al menos 6 caracteres";
