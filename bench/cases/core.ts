// Login, the web app, and the web app while the database is busy.
import type { BenchCase } from "../case";
import { DEMO_PASSWORD, demoEmail } from "../../scripts/seed";

export const cases: BenchCase[] = [
  {
    name: "POST api/login",
    method: "POST",
    path: "/api/login",
    body: { correo: demoEmail("Ventas"), contrasena: DEMO_PASSWORD },
    target: { median: 100 },
  },
  { name: "GET /", method: "GET", path: "/", target: { median: 5 } },
  {
    // A 2-second query runs on the database for the whole measurement: the embedded
    // database lives in a worker thread, so the event loop must keep answering.
    name: "GET / con consulta de 2 s en curso",
    method: "GET",
    path: "/",
    target: { p99: 50 },
    async setup({ database }) {
      let running = true;
      const loop = (async () => {
        while (running) await database.pool.query("select pg_sleep(2)");
      })();
      await new Promise((r) => setTimeout(r, 200)); // the first sleep has started
      return async () => {
        running = false;
        await loop;
      };
    },
  },
];
