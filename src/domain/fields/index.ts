// Field builders for request bodies, shared by every area (strict JSON types, Spanish
// messages): text, numbers, quantities, money, ids, flags, lists, dates and the RUT.
export * from "./fields";
export * from "./rut";
