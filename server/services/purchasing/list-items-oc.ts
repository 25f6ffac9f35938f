// GET api/items_oc/{numero_oc}: the order's items by id (404 for an unknown order).
import type { ItemOcRow } from "../../../src/domain/purchasing/schemas";
import type { Db } from "../../db/connect";
import { readOrdenConItems } from "./orden-row";

export async function listItemsOc(db: Db, numero: number): Promise<ItemOcRow[]> {
  return (await readOrdenConItems(db, numero)).detalles;
}
