// Purchasing messages of the error catalogue (specification section 8). Validation
// messages live beside their rule (order-form.ts, receipt.ts, supplier.ts, excel.ts).

export const MSG_OC_ERROR_GUARDAR = "Hubo un error al guardar la OC. Revisa la consola.";
/** The specification shows an alert after saving but not its text. */
export const MSG_OC_GUARDADA = (numeroOc: string | number) => `Orden de compra N° ${numeroOc} guardada correctamente.`;
export const MSG_MATERIAL_ERROR_CREAR = "Hubo un error al crear el nuevo material.";
export const MSG_ITEMS_OC_ERROR_GUARDAR = "Error al guardar los cambios";
export const MSG_ITEMS_OC_ACTUALIZADOS = "Ítems actualizados correctamente";
export const MSG_EXCEL_ERROR = "No se pudo generar el Excel.";
export const MSG_FACTURA_ERROR_INGRESAR = "Hubo un error al ingresar la factura.";
export const MSG_FACTURA_INGRESADA = (numeroOc: string | number) => `Factura OC ${numeroOc} ingresada exitosamente.`;
/** Supplier save: not in the catalogue; worded like the client form's messages. */
export const MSG_PROVEEDOR_GUARDADO = "Proveedor guardado correctamente";
export const MSG_PROVEEDOR_ERROR_GUARDAR = "Error al guardar el proveedor";
