export * from "./rotation";
export * from "./schemas";
