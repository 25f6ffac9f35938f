// The quote and purchase-order PDFs render (in Node, as in the browser) with the company
// data of api/empresa; their text is read back with pdftotext (poppler-utils) and the
// files go to screenshots/ to be looked at (pdftoppm -png).
import { execFile } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { pdf } from "@react-pdf/renderer";
import { describe, expect, it } from "vitest";
import type { Empresa } from "../../domain/empresa/schemas";
import { PurchaseOrderDocument } from "../../custom-pages/purchasing/pdf/PurchaseOrderPdf";
import { QuoteDocument } from "../../custom-pages/sales/pdf/QuotePdf";
import type { OcPdfDocument } from "../../custom-pages/purchasing/pdf/oc-data";
import type { QuotePdfData, QuotePdfItem } from "../../custom-pages/sales/pdf/quote-data";

const run = promisify(execFile);

export const EMPRESA_DEMO: Empresa = {
  nombre: "Ventanal Aluminio y PVC SpA",
  nombre_fantasia: "Ventanal",
  giro: "Fabricación e instalación de ventanas de aluminio, PVC y termopaneles",
  rut: "76.543.210-3",
  direccion: "Av. Las Industrias 1450, Quilicura, Santiago",
  telefono: "+56 2 2948 3100",
  correo: "ventas@ventanal.cl",
  correo_compras: "compras@ventanal.cl",
  sitio_web: "www.ventanal.cl",
  banco: "Banco de Chile",
  tipo_cuenta: "Cuenta corriente",
  numero_cuenta: "00-123-45678-09",
  correo_transferencias: "pagos@ventanal.cl",
  validez_oferta_dias: 15,
  forma_pago: "50 % de anticipo al aceptar el presupuesto; 50 % contra entrega e instalación.",
  plazo_entrega: "20 días hábiles desde la aceptación y el pago del anticipo.",
  plazo_entrega_oc: "Según lo acordado con Adquisiciones.",
  logo: null,
  enlace_vigencia_dias: 30,
  vista_dibujos: "exterior",
  actualizado_en: "2026-11-25T12:00:00.000Z",
};

const item = (over: Partial<QuotePdfItem>): QuotePdfItem => ({
  item: null,
  recinto: null,
  ancho: 1200,
  alto: 1000,
  tipo_ventana: "Doble Corredera",
  tipo_apertura: "Derecha",
  grada_buque: false,
  observaciones: false,
  texto_observaciones: null,
  adicional: false,
  cuadros_adicionales: 0,
  cantidad: 1,
  precio_unitario: 185000,
  ...over,
});

const QUOTE: QuotePdfData = {
  presupuesto: { numero: "P-2026-118", fecha: "2026-11-25", nombre_obra: "Casa Los Aromos", direccion: "Los Aromos 2251, Peñalolén", observacion: "Incluye instalación y sellado perimetral.", total_neto_presupuestado: 0 },
  cliente: { nombre: "Constructora Andina Ltda.", rut: "76.123.456-0", direccion: "Av. Apoquindo 4500, Las Condes", telefono: "+56 9 8765 4321", correo: "obras@andina.cl" },
  items: [
    item({ item: "V1", recinto: "Living comedor", ancho: 2400, alto: 2100, cantidad: 2, precio_unitario: 402500, tipo_apertura: "Izquierda" }),
    item({ item: "V2", recinto: "Dormitorio principal", tipo_ventana: "Doble corredera con fijo", tipo_apertura: "Izquierda", grada_buque: true }),
    item({ item: "V2b", recinto: "Dormitorio de visitas con closet", tipo_ventana: "Doble Corredera", tipo_apertura: "Por Definir" }),
    item({ item: "V3", recinto: "Baño", ancho: 600, alto: 500, tipo_ventana: "Proyectante", precio_unitario: 89000, adicional: true, cuadros_adicionales: 1 }),
    item({ item: "V4", recinto: "Cocina", tipo_ventana: "Oscilobatiente", tipo_apertura: "Izquierda", observaciones: true, texto_observaciones: "Vidrio laminado 5+5" }),
  ],
  empresa: EMPRESA_DEMO,
  vendedor: { nombre: "Camila Fuentes Rojas", correo: "camila.fuentes@ventanal.cl", telefono: "+56 9 8765 4321" },
};

const OC: OcPdfDocument = {
  numero_oc: 1042,
  fecha: "2026-11-25",
  proveedor: { proveedor: "Aluminios del Pacífico SpA", rut: "76.086.428-5", vendedor: null, contacto: "+56 2 2555 1234", banco: "Banco Estado", tipo_de_cuenta: "Cuenta corriente", numero_cuenta: "123456789", dias_credito: 30 },
  realizado_por: "Ana Pérez",
  cliente_nombre: "Constructora Andina Ltda.",
  numero_presupuesto: "P-2026-118",
  observacion: "Casa Los Aromos",
  comentario: "Entregar en bodega central.",
  items: [
    { codigo: "PER-100", producto: "Perfil marco 20x20 línea 25", cantidad: 12, precio_unitario: 12000, unidad: "UN" },
    { codigo: "FEL-7", producto: "Felpa 7 mm", cantidad: 2.5, precio_unitario: 3500, unidad: "MT" },
  ],
  empresa: EMPRESA_DEMO,
};

async function render(doc: Parameters<typeof pdf>[0], name: string): Promise<{ file: string; text: string }> {
  const stream = await pdf(doc).toBuffer();
  const chunks: Buffer[] = [];
  for await (const c of stream as unknown as AsyncIterable<Buffer>) chunks.push(Buffer.from(c));
  const dir = path.resolve("screenshots");
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  await writeFile(file, Buffer.concat(chunks));
  const { stdout } = await run("pdftotext", ["-layout", file, "-"]);
  return { file, text: stdout };
}

describe("quote PDF", () => {
  it("prints the conditions a customer signs: validity, payment, delivery, salesperson, bank account, acceptance", async () => {
    const { text } = await render(<QuoteDocument data={QUOTE} />, "presupuesto-demo.pdf");
    expect(text).toMatch(/Validez de la oferta\s+15 días, hasta el 10-12-2026/);
    expect(text).toContain("50 % de anticipo al aceptar el presupuesto");
    expect(text).toContain("20 días hábiles desde la aceptación");
    expect(text).toMatch(/Vendedor\s+Camila Fuentes Rojas/);
    expect(text).toMatch(/Correo\s+camila\.fuentes@ventanal\.cl/);
    // The salesperson's own phone, not the company's (that one is in the header and footer).
    expect(text).toMatch(/Teléfono\s+\+56 9 8765 4321/);
    expect(text).not.toMatch(/Teléfono\s+\+56 2 2948 3100/);
    expect(text).toMatch(/Banco\s+Banco de Chile/);
    expect(text).toMatch(/N° de cuenta\s+00-123-45678-09/);
    expect(text).toContain("Acepto el presupuesto N° P-2026-118");
    for (const label of ["Nombre", "RUT", "Firma", "Fecha"]) expect(text).toContain(label);
  });

  it("never hyphenates a word and prints window types with one capitalisation", async () => {
    const { text } = await render(<QuoteDocument data={QUOTE} />, "presupuesto-demo.pdf");
    expect(text).not.toMatch(/[a-záéíóúñ]-\s/i); // no word cut at a line end ("visi-")
    expect(text).toContain("Doble corredera · Izquierda");
    expect(text).toContain("definir");
    expect(text).not.toContain("Definir");
    expect(text).not.toContain("Doble Corredera");
  });
});

describe("quote PDF drawings (issue 34)", () => {
  it("draws every item beside its row with its sizes in mm and the company's view; interior when the company says so", async () => {
    const { text } = await render(<QuoteDocument data={QUOTE} />, "presupuesto-dibujos.pdf");
    // The drawing's own dimension texts (plain mm) besides the row's "2.400 × 2.100".
    for (const size of ["2400", "2100", "1200", "1000", "600", "500"]) expect(text).toMatch(new RegExp(`(^|\\s)${size}(\\s|$)`, "m"));
    expect(text.match(/Vista desde el exterior/g)).toHaveLength(QUOTE.items.length);
    expect(text).toContain("Doble corredera · Por definir");
    expect(text).toContain("1 cuadro adicional");
    const inside = await render(<QuoteDocument data={{ ...QUOTE, empresa: { ...EMPRESA_DEMO, vista_dibujos: "interior" } }} />, "presupuesto-dibujos-interior.pdf");
    expect(inside.text.match(/Vista desde el interior/g)).toHaveLength(QUOTE.items.length);
    expect(inside.text).not.toContain("Vista desde el exterior");
  });
});

describe("purchase-order PDF", () => {
  it("prints the company RUT once, the payment condition and delivery term, and leaves out a missing salesperson", async () => {
    const { text } = await render(<PurchaseOrderDocument data={OC} />, "oc-demo.pdf");
    expect(text.match(/76\.543\.210-3/g)).toHaveLength(1);
    expect(text).toMatch(/Condición de pago\s+30 días de crédito/);
    expect(text).toMatch(/Plazo de entrega\s+Según lo acordado/);
    expect(text).not.toContain("Vendedor");
    expect(text).toMatch(/Contacto\s+\+56 2 2555 1234/);
    expect(text).toContain("Realizado por: Ana Pérez");
  });
});
