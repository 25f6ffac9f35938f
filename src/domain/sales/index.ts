export * from "./utv";
export * from "./rut";
export * from "./client-match";
export * from "./fields";
export * from "./schemas";
export * from "./item-rules";
export * from "./tracking";
