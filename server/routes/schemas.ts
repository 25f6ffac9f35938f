// Response pieces shared by every route's schema.
import { z } from "zod";

export const errorBody = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) });

/** simple-rest list parameters (design page "Lists"); every list route accepts them. */
export const listQuery = z.object({
  _start: z.coerce.number().int().min(0).optional(),
  _end: z.coerce.number().int().min(0).optional(),
  _sort: z.string().max(50).optional(),
  _order: z.enum(["asc", "desc", "ASC", "DESC"]).optional(),
  q: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const idParams = z.object({
  id: z.coerce.number({ error: "Id inválido" }).int("Id inválido").positive("Id inválido").max(2_147_483_647, "Id inválido"),
});
