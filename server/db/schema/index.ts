export * from "./platform";
export * from "./sales";
export * from "./pautas";
export * from "./inventory";
export * from "./purchasing";
export * from "./operations";
export * from "./workshop";
export * from "./reservas";
