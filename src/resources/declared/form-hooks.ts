// What a declared resource's forms do differently from what its fields declare, by resource
// name: custom behaviour as a hook, not an option of every field declaration (an option
// enters FieldDecl only when a second declaration needs it).

import { todayInSantiago } from "../../domain/dates/dates";

export type FormMode = "create" | "edit";

/** A field on one form: left off it, shown with another label or help, or its initial value on the create form. */
export interface FormFieldHook {
  shown?: false;
  label?: string;
  extra?: string;
  initial?: () => unknown;
}

type FormHook = (field: string, mode: FormMode) => FormFieldHook | undefined;

const FORM_HOOKS: Record<string, FormHook> = {
  // A payment's date starts at today (the server's hook stores today when it comes empty).
  pagos_clientes: (field, mode) => (field === "fecha_pago" && mode === "create" ? { initial: todayInSantiago } : undefined),
  usuarios: (field, mode) => {
    // An account is created active; its state is changed when editing it.
    if (field === "activo" && mode === "create") return { shown: false };
    // On the edit form a blank password keeps the current one (the field's `update` rule).
    if (field === "contrasena" && mode === "edit") return { label: "Nueva contraseña", extra: "Déjela vacía para mantener la contraseña actual." };
    return undefined;
  },
};

/** How `field` of `resource` shows on the `mode` form, when it differs from its declaration. */
export function formHook(resource: string, field: string, mode: FormMode): FormFieldHook | undefined {
  return FORM_HOOKS[resource]?.(field, mode);
}
