export * from "./quantity";
export * from "./movements";
export * from "./stock";
export * from "./adjustment";
export * from "./salida";
export * from "./solicitud";
export * from "./schemas";
export * from "./kardex-excel";
