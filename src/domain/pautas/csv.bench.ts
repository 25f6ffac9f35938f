// `npx vitest bench --run src/domain/pautas`: parsing a 10,000-line pauta CSV (about 1 MB,
// ISO-8859-1, eight sections). Target: under 300 ms.
import { bench, describe } from "vitest";
import { generatePautaCsv, latin1 } from "./csv.fixtures";
import { parsePautaCsv } from "./csv";

const bytes = latin1(generatePautaCsv(10_000));

describe(`pauta CSV, 10.000 líneas (${(bytes.length / 1024).toFixed(0)} KiB)`, () => {
  bench("parsePautaCsv", () => {
    const r = parsePautaCsv(bytes);
    if (r.error !== null || r.loadedLines < 9_000) throw new Error(`resultado inesperado: ${r.error}`);
  }, { time: 3_000, iterations: 20 });
});
