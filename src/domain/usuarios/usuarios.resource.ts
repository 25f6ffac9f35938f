// Administración → Usuarios (design page "Users"), declared: Informático and Gerencia list,
// create and change the accounts. The password is write-only (hashed by the server's hook,
// never answered); the last active administrator and one's own administration rights are
// kept by hooks (server/services/usuarios/hooks.ts); its forms' differences (no state when
// creating, «Nueva contraseña» when editing) are a form hook (src/resources/declared/form-hooks.ts).
import { RESOURCE_META } from "../resources/menu";
import { boolean, defineResource, PASSWORD, select, TEXT, TIMESTAMP } from "../resources/define-resource";
import { timestampValue } from "../fields";
import { ROLES } from "../roles/roles";
import { activo, correo, nombre, password, rol, telefono } from "./schemas";

export const usuarios = defineResource(RESOURCE_META.usuarios, {
  fields: {
    nombre: { label: "Nombre", schema: nombre, input: TEXT, list: 200, search: true, sort: true, filter: true, required: true },
    correo: { label: "Correo", schema: correo, input: TEXT, list: 220, priority: "needed", search: true, sort: true, filter: true, required: true, unique: "Ya existe un usuario con ese correo", edit: "readOnly", example: (n) => `usuario.${n}.${Date.now()}@ejemplo.cl` },
    rol: { label: "Rol", schema: rol, input: select(ROLES), list: 140, priority: "needed", search: true, sort: true, filter: true, required: true },
    telefono: { label: "Teléfono", schema: telefono, input: TEXT, optional: true, extra: "Opcional. Se imprime en los presupuestos que haga.", example: (n) => `+56 9 ${String(1000 + (n % 9000))} ${String(1000 + (n % 9000))}` },
    activo: { label: "Activo", column: "Estado", schema: activo, input: boolean("Activo", "Inactivo"), list: 96, sort: true, filter: true, optional: true, extra: "Un usuario inactivo no puede iniciar sesión." },
    creado_en: { label: "Creado", schema: timestampValue, input: TIMESTAMP, list: 150, priority: "extra", sort: true, filter: true, readOnly: true },
    contrasena: { label: "Contraseña", schema: password, input: PASSWORD, required: true },
  },
  title: "nombre",
  searchPlaceholder: "Nombre, correo o rol",
  cap: 1000,
  partialUpdate: true,
  notFound: "Usuario no encontrado",
  redirect: "list",
  // The picker of a field that names a person (a vehicle's responsable): any signed-in user
  // finds the active users by name only, typing at least 2 characters, and sees only their
  // id, name and role (issue 32: never the e-mail addresses, never the whole list).
  suggest: { fields: ["nombre", "rol"], match: ["nombre"], where: { activo: true }, anyone: true, minLength: 2 },
});
