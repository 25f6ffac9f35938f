// Users on the web: the row and the password rule come from src/domain/usuarios.
import { ROLES } from "../../domain/roles/roles";

export type { Usuario } from "../../domain/usuarios/schemas";
export { MIN_PASSWORD as MIN_PASSWORD_LENGTH, MSG_PASSWORD_SHORT as PASSWORD_RULE_MESSAGE } from "../../domain/usuarios/schemas";

export const ROLE_OPTIONS = ROLES.map((rol) => ({ label: rol, value: rol }));
