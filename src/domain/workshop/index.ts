export * from "./messages";
export * from "./periods";
export * from "./production";
export * from "./payroll";
export * from "./split";
export * from "./fields";
export * from "./statement";
export * from "./schemas";
