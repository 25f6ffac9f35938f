export * from "./rules";
export * from "./links";
export * from "./schemas";
export * from "./text";
