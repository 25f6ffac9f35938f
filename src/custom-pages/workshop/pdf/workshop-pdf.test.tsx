// The workshop PDFs render (in Node, as in the browser) with a realistic month; the files
// go to screenshots/ so they can be looked at (pdftoppm -png).
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { pdf } from "@react-pdf/renderer";
import { describe, expect, it } from "vitest";
import { EMPRESA, INSTALADOR_EMPRESA } from "../../../config/empresa";
import { workerStatement } from "../../../domain/workshop/statement";
import { pdfText, WorkerStatementDocument } from "./WorkerStatementPdf";
import type { WorkshopPayData } from "./workshop-data";
import { WorkshopPayDocument } from "./WorkshopPayPdf";

const zero = { doble_corredera_fijo: 0, oscilobatiente: 0, marco_puerta: 0, marcos_adicionales: 0, otro: 0 };
const MONTH: WorkshopPayData = {
  periodo: "2028-02",
  utvs: [
    { fecha: "2028-02-03", nombre_pauta: "Edificio Mirador", numero_pauta: "P-101", tipo: "PVC", fijo: 4, proyectante: 6, doble_corredera: 5, ...zero, valor_m2: 3000, m2_instalador: 18.5, instalador: INSTALADOR_EMPRESA },
    { fecha: "2028-02-15", nombre_pauta: "Casa Norte", numero_pauta: "P-102", tipo: "Aluminio", fijo: 2, proyectante: 0, doble_corredera: 3, ...zero, marco_puerta: 1, valor_m2: 3000, m2_instalador: 0, instalador: "Retiro en planta" },
  ],
  termopaneles: [{ fecha: "2028-02-10", cliente: "Casa Pérez", cantidad: 2, m2: 3.6, valor_m2: 1500 }],
  trabajadores: [
    { nombre: "Ana Soto", dias_trab: 20, horas_extras: 2.5, horas_retraso: 1.25 },
    { nombre: "Bruno Díaz", dias_trab: 29, horas_extras: 0, horas_retraso: 0 },
    { nombre: "Carla Muñoz", dias_trab: 18, horas_extras: 4, horas_retraso: 3 },
  ],
};

const ISSUER = { nombre: EMPRESA.nombre, nombre_fantasia: EMPRESA.nombreFantasia, rut: EMPRESA.rut };

const bytesOf = async (doc: Parameters<typeof pdf>[0]) => {
  const stream = await pdf(doc).toBuffer();
  const chunks: Buffer[] = [];
  for await (const c of stream as unknown as AsyncIterable<Buffer>) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
};

describe("workshop PDFs", () => {
  it("renders the pay PDF and a worker statement", async () => {
    const dir = path.resolve("screenshots");
    await mkdir(dir, { recursive: true });
    const pay = await bytesOf(<WorkshopPayDocument data={MONTH} generado={new Date("2028-03-01T12:00:00Z")} issuer={ISSUER} />);
    expect(pay.subarray(0, 4).toString("latin1")).toBe("%PDF");
    await writeFile(path.join(dir, "pago-taller-2028-02.pdf"), pay);
    const st = workerStatement({ ...MONTH, nombre: "Ana Soto" });
    const one = await bytesOf(<WorkerStatementDocument st={st} generado={new Date("2028-03-01T12:00:00Z")} issuer={ISSUER} />);
    expect(one.subarray(0, 4).toString("latin1")).toBe("%PDF");
    await writeFile(path.join(dir, "liquidacion-2028-02-Ana_Soto.pdf"), one);
  });

  it("prints a hyphen for the minus sign Helvetica lacks", () => {
    expect(pdfText("a − b")).toBe("a - b");
  });
});
