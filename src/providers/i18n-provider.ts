// Spanish (Chile) texts for Refine's own components: buttons, notifications,
// breadcrumbs, table actions, error pages and document titles.
import type { I18nProvider } from "@refinedev/core";

export const LOCALE = "es-CL";

type Dictionary = { [key: string]: string | Dictionary };

export const ES_CL: Dictionary = {
  buttons: {
    create: "Crear",
    save: "Guardar",
    logout: "Cerrar sesión",
    delete: "Eliminar",
    edit: "Editar",
    cancel: "Cancelar",
    confirm: "¿Está seguro?",
    filter: "Filtrar",
    clear: "Limpiar",
    refresh: "Actualizar",
    show: "Mostrar",
    undo: "Deshacer",
    import: "Importar",
    clone: "Clonar",
    export: "Exportar",
    list: "Listado",
    search: "Buscar",
    reset: "Restablecer",
    notAccessTitle: "No tiene permiso para esta acción.",
  },
  actions: {
    list: "Listado",
    create: "Crear",
    edit: "Editar",
    show: "Mostrar",
    clone: "Clonar",
  },
  warnWhenUnsavedChanges: "¿Seguro que desea salir? Hay cambios sin guardar.",
  notifications: {
    success: "Operación exitosa",
    error: "Error (código: {{statusCode}})",
    undoable: "Quedan {{seconds}} segundos para deshacer.",
    createSuccess: "{{resource}} creado correctamente",
    createError: "No se pudo crear {{resource}} (código: {{statusCode}})",
    deleteSuccess: "{{resource}} eliminado correctamente",
    deleteError: "No se pudo eliminar {{resource}} (código: {{statusCode}})",
    editSuccess: "{{resource}} actualizado correctamente",
    editError: "No se pudo actualizar {{resource}} (código: {{statusCode}})",
    importProgress: "Importando: {{processed}}/{{total}}",
  },
  loading: "Cargando",
  tags: { clone: "Clonar" },
  table: { actions: "Acciones" },
  autoSave: {
    success: "guardado",
    error: "error al guardar automáticamente",
    loading: "guardando...",
    idle: "esperando cambios",
  },
  documentTitle: {
    default: "Ventanal",
    suffix: " | Ventanal",
  },
  pages: {
    error: {
      "404": "La página que busca no existe.",
      resource404: "¿Creó el recurso {{resource}}?",
      info: "Falta la acción {{action}} en el recurso {{resource}}.",
      backHome: "Volver al Home",
    },
    login: {
      title: "Iniciar Sesión",
      signin: "Ingresar",
      signup: "Registrarse",
      divider: "o",
      fields: { email: "Correo", password: "Contraseña" },
      errors: {
        validEmail: "Correo no válido",
        requiredEmail: "El correo es obligatorio",
        requiredPassword: "La contraseña es obligatoria",
      },
      buttons: {
        submit: "Ingresar",
        forgotPassword: "¿Olvidaste tu contraseña?",
        noAccount: "¿No tiene cuenta?",
        rememberMe: "Recordarme",
        haveAccount: "¿Ya tiene cuenta?",
      },
    },
    updatePassword: {
      title: "Cambiar contraseña",
      buttons: { submit: "Actualizar" },
      fields: { password: "Nueva contraseña", confirmPassword: "Confirmar contraseña" },
      errors: {
        confirmPasswordNotMatch: "Las contraseñas no coinciden",
        requiredPassword: "La contraseña es obligatoria",
        requiredConfirmPassword: "Confirme la contraseña",
      },
    },
  },
  // Resource names as Refine shows them in notifications and titles.
  usuarios: { usuarios: "Usuario", titles: { list: "Usuarios", create: "Nuevo usuario", edit: "Editar usuario", show: "Usuario" } },
  clientes: { clientes: "Cliente", titles: { list: "Clientes", create: "Nuevo cliente", edit: "Editar cliente", show: "Cliente" } },
  presupuestos: {
    presupuestos: "Presupuesto",
    titles: { list: "Presupuestos", create: "Nuevo presupuesto", edit: "Editar presupuesto", show: "Presupuesto" },
  },
};

function lookup(dict: Dictionary, key: string): string | undefined {
  let node: string | Dictionary | undefined = dict;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

function interpolate(text: string, values: Record<string, unknown> | undefined): string {
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    values[name] === undefined || values[name] === null ? match : String(values[name]),
  );
}

/** Refine calls translate(key, defaultMessage) or translate(key, options, defaultMessage). */
export function translate(key: string, options?: unknown, defaultMessage?: string): string {
  const values = typeof options === "object" && options !== null ? (options as Record<string, unknown>) : undefined;
  const fallback = typeof options === "string" ? options : defaultMessage;
  const found = lookup(ES_CL, key);
  if (found !== undefined) return interpolate(found, values);
  return fallback !== undefined ? interpolate(fallback, values) : key;
}

export const i18nProvider: I18nProvider = {
  translate,
  changeLocale: () => Promise.resolve(),
  getLocale: () => LOCALE,
};

export default i18nProvider;
