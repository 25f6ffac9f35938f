export * from "./platform";
export * from "./sales";
