// Sending a list. Lists of thousands of rows are written with JSON.stringify directly (or
// taken ready from the list cache): the rows come from typed column selections, so
// checking each one against the zod response schema (which the route still declares for
// the docs) would only cost time. X-Total-Count goes with paged or capped answers (and X-Total-Count-Capped when the count
// stopped at its bound).
import type { FastifyReply, FastifyRequest } from "fastify";
import type { CachedList } from "./cache";

const JSON_TYPE = "application/json; charset=utf-8";

function totalHeader(reply: FastifyReply, total: number | null, capped = false): void {
  if (total === null) return;
  reply.header("x-total-count", String(total));
  // A filtered list's count stops at a bound (server/lists/define.ts): "more than total − 1".
  if (capped) reply.header("x-total-count-capped", "true");
  reply.header("access-control-expose-headers", capped ? "X-Total-Count, X-Total-Count-Capped" : "X-Total-Count");
}

/** A small list that is not a declared list (a quote's items, a client's quotes): rows as they are. */
export function sendRows(reply: FastifyReply, rows: readonly object[], total: number | null = null): FastifyReply {
  totalHeader(reply, total);
  return reply.type(JSON_TYPE).send(JSON.stringify(rows));
}

/** A declared list's answer (list.answer): 304 when the browser already has it, brotli or gzip when the browser takes it. */
export async function sendList(req: FastifyRequest, reply: FastifyReply, list: CachedList): Promise<FastifyReply> {
  totalHeader(reply, list.total, list.capped);
  reply.header("etag", list.etag);
  reply.header("cache-control", "private, no-cache"); // always revalidate: 304 costs one tiny query
  reply.header("vary", "Accept-Encoding, Authorization");
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(list.etag)) return reply.status(304).send();
  const accepts = String(req.headers["accept-encoding"] ?? "");
  if (list.body.length > 1024) {
    // Brotli once a big body has been made so (its tables quiet for a while), else gzip.
    const br = /\bbr\b/.test(accepts) ? list.brotli() : null;
    if (br) return reply.type(JSON_TYPE).header("content-encoding", "br").send(br);
    if (/\bgzip\b/.test(accepts)) return reply.type(JSON_TYPE).header("content-encoding", "gzip").send(await list.gzip());
  }
  return reply.type(JSON_TYPE).send(list.body);
}
