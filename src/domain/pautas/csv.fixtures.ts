// Pauta CSV files as the window-design software exports them, built in tests and in the
// benchmark (not part of the domain's exports).

/** Text → ISO-8859-1 bytes (the characters must exist in ISO-8859-1). */
export function latin1(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0xff) throw new Error(`No existe en ISO-8859-1: ${text[i]}`);
    bytes[i] = c;
  }
  return bytes;
}

export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** The column header line of each section (12 columns, as exported). */
export const HEADER_LINE = "Pos.;Cant.;Color;Serie;Código;Nombre;Largo (mm);Ángulo;Peso (kg);Precio;Cantidad;Unidad";

/**
 * A data line: code in column 5, product in 6, quantity (es-CL text, e.g. "23,2") in 11.
 * 12 columns like the export.
 */
export function dataLine(codigo: string, producto: string, cantidad: string, pos = "1"): string {
  return [pos, "2", "Blanco", "S-20", codigo, producto, "6000", "90/90", "1,25", "0", cantidad, "m"].join(";");
}

const SECTIONS: ReadonlyArray<{ title: string; products: string[]; unit: (i: number) => string }> = [
  { title: "Profiles", products: ["Marco corredera 2 hojas", "Hoja corredera", "Pilastra", "Riel inferior"], unit: (i) => `${(i % 40) + 1},${i % 10}` },
  { title: "Reinforcement", products: ["Refuerzo marco acero galvanizado", "Refuerzo hoja"], unit: (i) => `${(i % 30) + 2},${(i * 3) % 10}` },
  { title: "Glass", products: ["Vidrio float 4 mm", "Termopanel 4-12-4"], unit: (i) => `${(i % 5) + 1},${(i * 7) % 100}` },
  { title: "Hardware", products: ["Cierre embutido", "Carro doble rueda"], unit: (i) => String((i % 8) + 1) },
  { title: "Accessories", products: ["Tapa desagüe", "Escuadra de alineación"], unit: (i) => String((i % 12) + 1) },
  { title: "Gasket and brushes", products: ["Felpa 5x6 mm", "Burlete EPDM"], unit: (i) => `${(i % 20) + 1},5` },
  { title: "Screws", products: ["Tornillo 8x1/2 cabeza lenteja", "Tornillo autoperforante 10x3/4"], unit: (i) => String((i % 50) + 10) },
  { title: "Installation materials", products: ["Silicona neutra", "Espuma de poliuretano"], unit: (i) => String((i % 3) + 1) },
];

/**
 * A realistic file of about `lines` lines: a project preamble, then the eight sections in
 * turn, each with its title, its header line and data lines whose codes repeat (so lines
 * add up) and whose product names carry accents.
 */
export function generatePautaCsv(lines: number): string {
  const out: string[] = ["Proyecto;Edificio Los Álamos;;;", "Fecha;12-03-2026;;;", ""];
  const perSection = Math.max(1, Math.floor((lines - out.length) / SECTIONS.length) - 3);
  SECTIONS.forEach((section, s) => {
    out.push(`${section.title};;;;;;;;;;;`, HEADER_LINE);
    for (let i = 0; i < perSection; i++) {
      const code = String(10000 + s * 1000 + (i % 400));
      const product = `${section.products[i % section.products.length]} ${code} ñandú`;
      out.push(dataLine(code, product, section.unit(i), String(i + 1)));
    }
    out.push("");
  });
  return out.join("\r\n");
}
