export * from "./categories";
export * from "./decode";
export * from "./csv";
export * from "./validation";
export * from "./schemas";
export * from "./draft";
