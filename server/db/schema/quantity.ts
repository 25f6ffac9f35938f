// A quantity column (stock, orders, receipts, pautas, windows): numeric(18,4), the 4
// decimals the body schemas accept (QTY_DECIMALS in src/domain/inventory/quantity.ts), so a
// movement, its balance and the product's stock are always written on the same scale.
import { numeric } from "drizzle-orm/pg-core";

export const quantity = (name: string) => numeric(name, { mode: "number", precision: 18, scale: 4 });
