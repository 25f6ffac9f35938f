// Operations messages of the error catalogue (specification section 8).

export const MSG_FACTURA_GUIA_REGISTRADA = "Factura/Guía registrada";
export const MSG_ERROR_GUARDAR = "Error al guardar.";
export const MSG_OBSERVACION_NO_ACTUALIZADA = "No se pudo actualizar la observación.";
export const MSG_PAGO_REGISTRADO = "Pago registrado";
