// Section 8 messages of the workshop screens, copied exactly from the specification.

// ---------------------------------------------------------------- UTV and thermal
export const MSG_ERROR_GUARDAR_UTV = "Error al guardar/actualizar UTV";
export const MSG_ERROR_ELIMINAR_REGISTRO = "No se pudo eliminar el registro.";
export const MSG_ERROR_ACTUALIZAR_INSTALADOR = "No se pudo actualizar el instalador.";
export const MSG_ERROR_GUARDAR_TERMOPANEL = "Error al guardar termopanel.";
export const MSG_ERROR_CARGAR_TALLER = "Error al cargar datos del taller.";
export const MSG_ERROR_GENERAR_PDF = "No se pudo generar el PDF.";
export const MSG_UTV_GUARDADO = "UTV guardado con éxito";
export const MSG_UTV_ACTUALIZADO = "UTV actualizado con éxito";
export const MSG_TERMOPANEL_REGISTRADO = "Termopanel registrado correctamente";

// ---------------------------------------------------------------- Workers
export const MSG_ERROR_GUARDAR_TRABAJADOR = "Error al guardar.";
export const MSG_ERROR_ELIMINAR_TRABAJADOR = "Error al eliminar.";
export const MSG_ERROR_COPIAR_PLANILLA = "No se pudo copiar la planilla del mes anterior.";
export const MSG_TRABAJADOR_ACTUALIZADO = "Trabajador actualizado.";
export const MSG_TRABAJADOR_CREADO = "Trabajador creado.";
export const MSG_TRABAJADOR_ELIMINADO = "Eliminado.";
/** "Planilla copiada desde 2026-10." (the period copied from, as given). */
export const MSG_PLANILLA_COPIADA = (periodo: string) => `Planilla copiada desde ${periodo}.`;
