import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PAUTA_CATEGORIES } from "./categories";
import { dataLine, generatePautaCsv, HEADER_LINE, latin1, utf8 } from "./csv.fixtures";
import {
  MSG_CSV_ANTES_DE_SECCION,
  MSG_CSV_COMILLAS,
  MSG_CSV_CORTADO,
  MSG_CSV_SEPARADOR,
  MSG_CSV_SIN_DATOS,
  MSG_CSV_SIN_TITULOS,
  PAUTA_CSV_SECTION_TITLES,
  parsePautaCsv,
  pautaCsvSummary,
  REASON_COLUMNS,
  REASON_HEADER,
  REASON_NO_SECTION,
  REASON_PRODUCT,
  REASON_TRUNCATED,
  type PautaCsvResult,
} from "./csv";
import { MSG_CSV_BINARIO, MSG_CSV_EXCEL, MSG_CSV_UTF8, MSG_CSV_VACIO } from "./decode";

/** A CSV as the software writes it: Windows line breaks, ISO-8859-1. */
function file(lines: string[], eol = "\r\n"): Uint8Array {
  return latin1(lines.join(eol) + eol);
}

function items(r: PautaCsvResult) {
  return Object.fromEntries(PAUTA_CATEGORIES.map((c) => [c, r.items[c].map(({ codigo, producto, cantidad, cantidad_original }) => ({ codigo, producto, cantidad, cantidad_original }))]));
}

// Line numbers in the comments: the file's lines, 1-based.
const REALISTIC = [
  "Proyecto;Casa Pérez - Ñuñoa;;;", //                             1 short: skipped
  "", //                                                           2 empty: ignored
  "Profiles;;;;;;;;;;;", //                                        3 title
  HEADER_LINE, //                                                  4 header
  dataLine("10234", "Marco corredera blanco", "23,2"), //          5 → 4 bars
  dataLine("10235", "Hoja corredera", "23,3"), //                  6 → 5 bars
  dataLine("10234", "Marco corredera blanco", "2,9"), //           7 adds up: 26,1 m → 5 bars
  dataLine("1023", "Pilastra", "5,8"), //                          8 4-digit code: skipped
  "1;2;Blanco;S-20;10236;Pilastra", //                             9 6 columns: skipped
  "Reinforcement;;;;;;;;;;;", //                                  10
  dataLine("20001", "Refuerzo acero galvanizado", "40,6"), //     11 → 7 bars (8 in floats)
  "Glass", //                                                     12
  "Pos;Cant;Color;Serie;CODIGO;NOMBRE;Ancho;Alto;m2;Precio;Cantidad", // 13 header in capitals, no accent
  dataLine("30001", "Termopanel 4-12-4 laminado", "2,35"), //     14 → 3
  "Hardware;;;;;;;;;;;", //                                       15
  dataLine("40001", "Cierre embutido pestillo", "4"), //          16 → 4
  "Accessories;;;;;;;;;;;", //                                    17
  dataLine("50001", "Tapa desagüe", "12"), //                     18 accented
  dataLine("50002", "Escuadra de alineación", "0,25"), //         19 → 1
  "Gasket and brushes;;;;;;;;;;;", //                             20
  dataLine("60001", "Felpa 5x6 mm con aleta", "10,5"), //         21 → 11
  "Screws;;;;;;;;;;;", //                                         22
  dataLine("70001", "Tornillo 8x1/2 cabeza lenteja", "100"), //   23
  dataLine("70001", "Tornillo 8x1/2 cabeza lenteja", "50"), //    24 adds up: 150
  "Installation;materials;;;;;;;;;;", //                          25 title split over two cells
  dataLine("80001", "Silicona neutra transparente", "2,5"), //    26 → 3
  dataLine("80002", "Espuma de poliuretano", "1.234,5"), //       27 es-CL thousands → 1235
];

describe("parsePautaCsv on a realistic file (section 5)", () => {
  const r = parsePautaCsv(file(REALISTIC));

  it("loads every section into its category with the bar and round-up rules", () => {
    expect(r.error).toBeNull();
    expect(r.warnings).toEqual([]);
    expect(r.encoding).toBe("iso-8859-1");
    expect(items(r)).toEqual({
      perfiles: [
        { codigo: "10234", producto: "Marco corredera blanco", cantidad: 5, cantidad_original: 26.1 },
        { codigo: "10235", producto: "Hoja corredera", cantidad: 5, cantidad_original: 23.3 },
      ],
      refuerzos: [{ codigo: "20001", producto: "Refuerzo acero galvanizado", cantidad: 7, cantidad_original: 40.6 }],
      vidrio: [{ codigo: "30001", producto: "Termopanel 4-12-4 laminado", cantidad: 3, cantidad_original: 2.35 }],
      herraje: [{ codigo: "40001", producto: "Cierre embutido pestillo", cantidad: 4, cantidad_original: 4 }],
      accesorios: [
        { codigo: "50001", producto: "Tapa desagüe", cantidad: 12, cantidad_original: 12 },
        { codigo: "50002", producto: "Escuadra de alineación", cantidad: 1, cantidad_original: 0.25 },
      ],
      gomascepillos: [{ codigo: "60001", producto: "Felpa 5x6 mm con aleta", cantidad: 11, cantidad_original: 10.5 }],
      tornillos: [{ codigo: "70001", producto: "Tornillo 8x1/2 cabeza lenteja", cantidad: 150, cantidad_original: 150 }],
      instalacion: [
        { codigo: "80001", producto: "Silicona neutra transparente", cantidad: 3, cantidad_original: 2.5 },
        { codigo: "80002", producto: "Espuma de poliuretano", cantidad: 1235, cantidad_original: 1234.5 },
      ],
    });
    expect(r.items.perfiles[0].lines).toEqual([5, 7]);
    expect(r.items.tornillos[0].lines).toEqual([23, 24]);
    expect(r.loadedLines).toBe(13);
    expect(r.lineCount).toBe(27);
    expect(pautaCsvSummary(r)).toEqual({
      porCategoria: { perfiles: 2, refuerzos: 1, herraje: 1, accesorios: 2, gomascepillos: 1, tornillos: 1, vidrio: 1, instalacion: 2 },
      total: 11,
    });
  });

  it("finds every section title, one per category", () => {
    expect(r.sections).toEqual([
      { categoria: "perfiles", line: 3 },
      { categoria: "refuerzos", line: 10 },
      { categoria: "vidrio", line: 12 },
      { categoria: "herraje", line: 15 },
      { categoria: "accesorios", line: 17 },
      { categoria: "gomascepillos", line: 20 },
      { categoria: "tornillos", line: 22 },
      { categoria: "instalacion", line: 25 },
    ]);
    expect(new Set(Object.values(PAUTA_CSV_SECTION_TITLES))).toEqual(new Set(PAUTA_CATEGORIES));
  });

  it("reports the skipped lines with their number and a Spanish reason", () => {
    expect(r.skipped.map(({ line, kind, reason }) => ({ line, kind, reason }))).toEqual([
      { line: 1, kind: "columns", reason: REASON_COLUMNS(5) },
      { line: 4, kind: "header", reason: REASON_HEADER },
      { line: 8, kind: "code", reason: "El código de la columna 5 («1023») no empieza con 5 dígitos." },
      { line: 9, kind: "columns", reason: "Tiene 6 columna(s); se necesitan al menos 11." },
      { line: 13, kind: "header", reason: REASON_HEADER },
    ]);
    expect(r.skipped[0].text).toBe("Proyecto;Casa Pérez - Ñuñoa;;;");
  });
});

describe("parsePautaCsv: section titles and headers", () => {
  it("matches titles joined, in any case and spacing", () => {
    for (const [title, category] of [
      ["PROFILES", "perfiles"],
      ["  Reinforcement ", "refuerzos"],
      ["Gasket and Brushes", "gomascepillos"],
      ["Gasket;and;brushes", "gomascepillos"],
      ["gasketandbrushes;;;", "gomascepillos"],
      ["Installation Materials", "instalacion"],
      ["Screws", "tornillos"],
      ["Hardware", "herraje"],
      ["Glass", "vidrio"],
      ["Accessories", "accesorios"],
    ] as const) {
      const r = parsePautaCsv(file([title, dataLine("12345", "P", "1")]));
      expect(r.sections, title).toEqual([{ categoria: category, line: 1 }]);
      expect(r.items[category], title).toHaveLength(1);
    }
  });

  it("does not take near-titles for titles", () => {
    const r = parsePautaCsv(file(["Profiles:", "Profile", "Glass 2", dataLine("12345", "P", "1")]));
    expect(r.sections).toEqual([]);
    expect(r.skipped.map((s) => s.kind)).toEqual(["columns", "columns", "columns", "no_section"]);
    expect(r.error).toBe(MSG_CSV_SIN_TITULOS);
  });

  it("a later title switches the category", () => {
    const r = parsePautaCsv(file(["Glass", dataLine("11111", "A", "1"), "Screws", dataLine("11111", "A", "2"), "Glass", dataLine("11111", "A", "3")]));
    expect(items(r).vidrio).toEqual([{ codigo: "11111", producto: "A", cantidad: 4, cantidad_original: 4 }]);
    expect(items(r).tornillos).toEqual([{ codigo: "11111", producto: "A", cantidad: 2, cantidad_original: 2 }]);
  });

  it("skips any line containing codigo and nombre (with or without accent), even with 11 columns", () => {
    const r = parsePautaCsv(file(["Glass", "a;b;c;d;Código;Nombre;g;h;i;j;Cantidad", "codigo nombre", "Nombre;Codigo"]));
    expect(r.skipped.map((s) => s.kind)).toEqual(["header", "header", "header"]);
    expect(r.error).toBe(MSG_CSV_SIN_DATOS);
  });
});

describe("parsePautaCsv: data line rules", () => {
  const parse = (...lines: string[]) => parsePautaCsv(file(["Hardware", ...lines]));

  it("needs at least 11 columns (trailing empty ones count)", () => {
    expect(parse("1;2;3;4;12345;Bisagra;7;8;9;10").skipped).toMatchObject([{ line: 2, kind: "columns", reason: REASON_COLUMNS(10) }]);
    const r = parse("1;2;3;4;12345;Bisagra;7;8;9;10;3");
    expect(items(r).herraje).toEqual([{ codigo: "12345", producto: "Bisagra", cantidad: 3, cantidad_original: 3 }]);
    expect(parse("1;2;3;4;12345;Bisagra;7;8;9;10;3;;;;").items.herraje).toHaveLength(1);
  });

  it("needs a 5th column starting with 5 digits; the whole trimmed cell is the code", () => {
    const r = parse(
      dataLine("1234", "Cuatro dígitos", "1"),
      dataLine("", "Sin código", "1"),
      dataLine("A12345", "Letra primero", "1"),
      dataLine("1234-5", "Guion", "1"),
      dataLine(" 12345-B ", "Con sufijo", "1"),
      dataLine("1234567", "Siete dígitos", "1"),
    );
    expect(r.skipped.map((s) => [s.line, s.reason])).toEqual([
      [2, "El código de la columna 5 («1234») no empieza con 5 dígitos."],
      [3, "Sin código en la columna 5."],
      [4, "El código de la columna 5 («A12345») no empieza con 5 dígitos."],
      [5, "El código de la columna 5 («1234-5») no empieza con 5 dígitos."],
    ]);
    expect(r.items.herraje.map((i) => i.codigo)).toEqual(["12345-B", "1234567"]);
  });

  it("reads the quantity with a decimal comma, and skips empty, invalid, zero or negative ones", () => {
    const r = parse(
      dataLine("10001", "Coma", "2,75"),
      dataLine("10002", "Punto", "2.75"),
      dataLine("10003", "Espacios", " 3 "),
      dataLine("10004", "Vacía", ""),
      dataLine("10005", "Texto", "dos"),
      dataLine("10006", "Cero", "0"),
      dataLine("10007", "Negativa", "-2"),
      dataLine("10008", "Coma final", "5,"),
    );
    expect(items(r).herraje).toEqual([
      { codigo: "10001", producto: "Coma", cantidad: 3, cantidad_original: 2.75 },
      { codigo: "10002", producto: "Punto", cantidad: 3, cantidad_original: 2.75 },
      { codigo: "10003", producto: "Espacios", cantidad: 3, cantidad_original: 3 },
    ]);
    expect(r.skipped.map((s) => s.reason)).toEqual([
      "Sin cantidad en la columna 11.",
      "Cantidad no válida en la columna 11: «dos».",
      "La cantidad debe ser mayor que 0 (columna 11: «0»).",
      "La cantidad debe ser mayor que 0 (columna 11: «-2»).",
      "Cantidad no válida en la columna 11: «5,».",
    ]);
  });

  it("skips a line without product name", () => {
    expect(parse(dataLine("12345", "  ", "1")).skipped).toMatchObject([{ kind: "product", reason: REASON_PRODUCT }]);
  });

  it("reads quoted cells holding semicolons and quotes, and numbers lines where the row starts", () => {
    const r = parsePautaCsv(
      file(["Accessories", `1;2;3;4;12345;"Tapa ""T"" 20;30";7;8;9;10;2`, `1;2;3;4;12346;"Perfil en dos`, `líneas";7;8;9;10;2`, "1;2;corta"]),
    );
    expect(items(r).accesorios.map((i) => i.producto)).toEqual(['Tapa "T" 20;30', "Perfil en dos\nlíneas"]);
    expect(r.items.accesorios[1].lines).toEqual([3]);
    expect(r.skipped).toMatchObject([{ line: 5, kind: "columns" }]);
  });

  it("counts lines the same with LF, CRLF, CR and mixed line breaks", () => {
    for (const eol of ["\n", "\r\n", "\r"]) {
      const r = parsePautaCsv(file(["Glass", "x", dataLine("12345", "A", "1")], eol));
      expect(r.items.vidrio[0].lines, JSON.stringify(eol)).toEqual([3]);
      expect(r.skipped[0].line).toBe(2);
      expect(r.lineCount).toBe(3);
    }
    const mixed = parsePautaCsv(latin1(`Glass\r\nx\n${dataLine("12345", "A", "1")}\r${dataLine("12346", "B", "1")}`));
    expect(mixed.items.vidrio.map((i) => i.lines[0])).toEqual([3, 4]);
  });
});

describe("parsePautaCsv: the same code adds up (decision: add the original quantities, then round once)", () => {
  it("two 2,9 m lines of one profile are one bar of 5,8 m, not two", () => {
    const r = parsePautaCsv(file(["Profiles", dataLine("10234", "Marco", "2,9"), dataLine("10234", "Marco", "2,9")]));
    expect(items(r).perfiles).toEqual([{ codigo: "10234", producto: "Marco", cantidad: 1, cantidad_original: 5.8 }]);
  });

  it("rounds the total up, not each line: 0,5 + 0,5 tubes of silicone are 1, and 23,2 + 0,1 m are 5 bars", () => {
    const inst = parsePautaCsv(file(["Installation materials", dataLine("80001", "Silicona", "0,5"), dataLine("80001", "Silicona", "0,5")]));
    expect(items(inst).instalacion).toEqual([{ codigo: "80001", producto: "Silicona", cantidad: 1, cantidad_original: 1 }]);
    const bars = parsePautaCsv(file(["Reinforcement", dataLine("20001", "Refuerzo", "23,2"), dataLine("20001", "Refuerzo", "0,1")]));
    expect(items(bars).refuerzos).toEqual([{ codigo: "20001", producto: "Refuerzo", cantidad: 5, cantidad_original: 23.3 }]);
  });

  it("keeps the original quantity exact over many decimal lines", () => {
    const lines = Array.from({ length: 10 }, () => dataLine("10001", "Marco", "0,1"));
    const r = parsePautaCsv(file(["Profiles", ...lines]));
    expect(items(r).perfiles).toEqual([{ codigo: "10001", producto: "Marco", cantidad: 1, cantidad_original: 1 }]);
    expect(r.items.perfiles[0].lines).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it("does not add up the same code across categories", () => {
    const r = parsePautaCsv(file(["Profiles", dataLine("10001", "Marco", "5,8"), "Reinforcement", dataLine("10001", "Marco", "5,8")]));
    expect(r.items.perfiles[0].cantidad).toBe(1);
    expect(r.items.refuerzos[0].cantidad).toBe(1);
  });
});

describe("parsePautaCsv: files it cannot use, or only in part", () => {
  it("an empty file, or one of blank lines only", () => {
    for (const bytes of [new Uint8Array(0), latin1("\r\n\r\n  \r\n"), new Uint8Array([0xef, 0xbb, 0xbf])]) {
      const r = parsePautaCsv(bytes);
      expect(r.error).toBe(MSG_CSV_VACIO);
      expect(pautaCsvSummary(r).total).toBe(0);
    }
  });

  it("a binary file or a spreadsheet", () => {
    expect(parsePautaCsv(new Uint8Array([1, 2, 0, 4, 5])).error).toBe(MSG_CSV_BINARIO);
    expect(parsePautaCsv(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]).buffer).error).toBe(MSG_CSV_EXCEL);
  });

  it("a UTF-8 file: read correctly, with a warning", () => {
    const r = parsePautaCsv(utf8(["Accessories", dataLine("50001", "Tapa desagüe", "12"), dataLine("50003", "Piñón", "1,5")].join("\n")));
    expect(r.encoding).toBe("utf-8");
    expect(r.warnings).toEqual([MSG_CSV_UTF8]);
    expect(r.error).toBeNull();
    expect(r.items.accesorios.map((i) => i.producto)).toEqual(["Tapa desagüe", "Piñón"]);
  });

  it("a file cut in the middle of a data line: the rest loads, the cut line is reported", () => {
    const whole = latin1(REALISTIC.slice(0, 7).join("\r\n"));
    const cut = whole.subarray(0, whole.length - 20); // line 7 loses its last columns
    const r = parsePautaCsv(cut);
    expect(items(r).perfiles).toEqual([
      { codigo: "10234", producto: "Marco corredera blanco", cantidad: 4, cantidad_original: 23.2 },
      { codigo: "10235", producto: "Hoja corredera", cantidad: 5, cantidad_original: 23.3 },
    ]);
    expect(r.skipped.at(-1)).toMatchObject({ line: 7, kind: "truncated", reason: REASON_TRUNCATED });
    expect(r.warnings).toEqual([MSG_CSV_CORTADO(7)]);
    expect(r.error).toBeNull();
  });

  it("a cut line holding a code is reported as cut even right after a title", () => {
    const r = parsePautaCsv(latin1("Glass\r\n1;2;3;4;30001;Termopa"));
    expect(r.skipped).toMatchObject([{ line: 2, kind: "truncated" }]);
    expect(r.warnings).toEqual([MSG_CSV_CORTADO(2)]);
    expect(r.error).toBe(MSG_CSV_SIN_DATOS);
  });

  it("a short last line that ends with a line break is not a cut file", () => {
    const r = parsePautaCsv(file(["Glass", dataLine("30001", "Vidrio", "1"), "Total;;1"]));
    expect(r.skipped).toMatchObject([{ line: 3, kind: "columns" }]);
    expect(r.warnings).toEqual([]);
  });

  it("a file cut inside a quoted cell", () => {
    const r = parsePautaCsv(latin1(`Glass\r\n${dataLine("30001", "Vidrio", "1")}\r\n1;2;3;4;30002;"Termopanel 4-12`));
    expect(r.items.vidrio).toHaveLength(1);
    expect(r.skipped).toMatchObject([{ line: 3, kind: "quotes" }]);
    expect(r.warnings).toEqual([MSG_CSV_COMILLAS(3)]);
  });

  it("data before any section title is skipped and reported; the rest loads", () => {
    const r = parsePautaCsv(file([HEADER_LINE, dataLine("10001", "Sin sección", "1"), dataLine("10002", "Sin sección", "2"), "Glass", dataLine("30001", "Vidrio", "1")]));
    expect(r.skipped.map((s) => [s.line, s.kind, s.reason])).toEqual([
      [1, "header", REASON_HEADER],
      [2, "no_section", REASON_NO_SECTION],
      [3, "no_section", REASON_NO_SECTION],
    ]);
    expect(r.warnings).toEqual([MSG_CSV_ANTES_DE_SECCION(2)]);
    expect(r.items.vidrio).toHaveLength(1);
    expect(r.error).toBeNull();
  });

  it("a file without any section title", () => {
    const r = parsePautaCsv(file([HEADER_LINE, dataLine("10001", "Marco", "1")]));
    expect(r.error).toBe(MSG_CSV_SIN_TITULOS);
    expect(r.warnings).toEqual([MSG_CSV_ANTES_DE_SECCION(1)]);
  });

  it("a comma- or tab-separated file", () => {
    expect(parsePautaCsv(file(["Profiles", dataLine("10001", "Marco", "1").replace(/;/g, ",")])).error).toBe(MSG_CSV_SEPARADOR);
    expect(parsePautaCsv(file(["Profiles", dataLine("10001", "Marco", "1").replace(/;/g, "\t")])).error).toBe(MSG_CSV_SEPARADOR);
  });

  it("a text file without pauta lines", () => {
    const r = parsePautaCsv(latin1("Estimado cliente;\r\nadjunto la cotización;;\r\n"));
    expect(r.error).toBe(MSG_CSV_SIN_DATOS);
    expect(r.skipped).toHaveLength(2);
  });

  it("never throws, whatever the bytes, and always says why nothing loaded", () => {
    const csvish = fc.array(fc.constantFrom("Profiles", "Glass", "1;2;3;4;12345;P;7;8;9;10;2,5", ";", "\r\n", "\n", '"', "ñ", "1", ","), { maxLength: 40 });
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 300 }), csvish.map((parts) => latin1(parts.join("")))), (bytes) => {
        const r = parsePautaCsv(bytes);
        const total = pautaCsvSummary(r).total;
        expect(total === 0).toBe(r.error !== null);
        for (const c of PAUTA_CATEGORIES) for (const i of r.items[c]) expect(i.cantidad).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});

describe("parsePautaCsv on a generated 10,000-line file", () => {
  it("loads all eight categories and accounts for every line", () => {
    const text = generatePautaCsv(10_000);
    const r = parsePautaCsv(latin1(text));
    expect(r.error).toBeNull();
    expect(r.lineCount).toBeGreaterThanOrEqual(9_900);
    for (const c of PAUTA_CATEGORIES) {
      expect(r.items[c].length, c).toBe(400);
      expect(r.items[c][0].producto.endsWith("ñandú")).toBe(true);
    }
    const fromItems = PAUTA_CATEGORIES.reduce((n, c) => n + r.items[c].reduce((m, i) => m + i.lines.length, 0), 0);
    expect(fromItems).toBe(r.loadedLines);
    const nonEmpty = text.split("\r\n").filter((l) => l !== "").length;
    expect(r.loadedLines + r.skipped.length + r.sections.length).toBe(nonEmpty);
  });
});
