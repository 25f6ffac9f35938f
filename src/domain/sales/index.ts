export * from "./utv";
export * from "./client-match";
export * from "./schemas";
export * from "./item-rules";
export * from "./tracking";
