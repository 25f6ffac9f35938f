// Lists of thousands of rows: X-Total-Count when paged, and the array written with
// JSON.stringify directly. The rows come from fixed, typed column selections, so
// re-checking every row against the zod response schema (which the route still declares
// for the docs) would only cost time.
import type { FastifyReply } from "fastify";

export function sendRows(reply: FastifyReply, rows: readonly object[], total: number | null = null): FastifyReply {
  if (total !== null) {
    reply.header("x-total-count", String(total));
    reply.header("access-control-expose-headers", "X-Total-Count");
  }
  return reply.type("application/json; charset=utf-8").send(JSON.stringify(rows));
}
