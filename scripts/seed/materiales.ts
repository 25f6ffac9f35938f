// The product catalogue of a window workshop: aluminium and PVC profiles, steel
// reinforcements, hardware, accessories, gaskets and brushes, screws, glass and
// installation materials, in the technical office's eight categories.
// Codes have 5 digits (the pauta CSV rule) and their first digit tells the category
// (1 perfiles … 8 instalacion: see categoryOfCode), so the other seeders pick products of
// a category without a lookup. Demo: about 160 products; bench: 5,000.
import type { PautaCategory } from "../../src/domain/pautas/categories";
import type { Db } from "../../server/db/connect";
import { write } from "../../server/services/write";
import { clientCount, type AreaOptions, type SeedCounts } from "./common";
import { insertJson, type Columns } from "./insert";
import { createRandom } from "./random";

interface Family {
  categoria: PautaCategory;
  unidad: string;
  /** Price range in CLP (net). */
  precio: readonly [number, number];
  names: readonly string[];
  /** Variants multiplied with the names (colours, sizes). */
  variants: readonly string[];
}

const COLORS = ["Blanco", "Negro mate", "Titanio", "Bronce", "Mate natural", "Nogal", "Grafito", "Champagne"] as const;

const FAMILIES: readonly Family[] = [
  {
    categoria: "perfiles",
    unidad: "TIRA",
    precio: [8_500, 42_000],
    names: [
      "Perfil marco L-20", "Perfil hoja L-20", "Perfil riel superior L-25", "Perfil riel inferior L-25", "Perfil hoja corredera L-25",
      "Perfil marco proyectante L-35", "Perfil hoja proyectante L-35", "Perfil junquillo L-35", "Perfil pilastra L-5000",
      "Perfil marco PVC 60 mm", "Perfil hoja PVC 60 mm", "Perfil travesaño PVC 60 mm", "Perfil marco PVC 70 mm", "Perfil hoja PVC 70 mm",
      "Perfil junquillo PVC", "Perfil zócalo puerta L-42", "Perfil traslapo L-25", "Perfil umbral puerta",
    ],
    variants: COLORS,
  },
  {
    categoria: "refuerzos",
    unidad: "TIRA",
    precio: [6_000, 18_000],
    names: ["Refuerzo acero galvanizado marco 60", "Refuerzo acero galvanizado hoja 60", "Refuerzo acero galvanizado 70", "Refuerzo en U 1,5 mm", "Refuerzo en C 2 mm"],
    variants: ["5,8 m", "6 m"],
  },
  {
    categoria: "herraje",
    unidad: "UN",
    precio: [2_500, 48_000],
    names: [
      "Manilla corredera", "Manilla oscilobatiente", "Cremona embutida", "Bisagra de presión", "Brazo proyectante 12\"", "Brazo proyectante 16\"",
      "Carro doble rueda regulable", "Cerradura embutida corredera", "Cierre multipunto", "Compás limitador", "Kit oscilobatiente", "Bisagra puerta 3D",
    ],
    variants: COLORS.slice(0, 5),
  },
  {
    categoria: "accesorios",
    unidad: "UN",
    precio: [150, 3_800],
    names: ["Escuadra de alineación", "Escuadra de armado", "Tapa de desagüe", "Tapón riel", "Guía de hoja", "Tope de hoja", "Deslizador", "Calzo de vidrio", "Tapa tornillo"],
    variants: COLORS.slice(0, 4),
  },
  {
    categoria: "gomascepillos",
    unidad: "M",
    precio: [180, 1_200],
    names: ["Felpa 5 x 6 mm", "Felpa 7 x 6 mm con aleta", "Burlete EPDM cuña", "Burlete EPDM marco", "Burlete EPDM hoja", "Burlete de vidrio 3 mm", "Burlete de vidrio 4 mm"],
    variants: ["Negro", "Gris"],
  },
  {
    categoria: "tornillos",
    unidad: "CAJA",
    precio: [2_900, 14_500],
    names: ["Tornillo autoperforante 8 x 1/2\"", "Tornillo autoperforante 8 x 3/4\"", "Tornillo cabeza lenteja 10 x 1\"", "Tornillo zincado 6 x 1\"", "Tornillo PVC 3,9 x 25"],
    variants: ["caja 100", "caja 500", "caja 1000"],
  },
  {
    categoria: "vidrio",
    unidad: "M2",
    precio: [9_800, 68_000],
    names: ["Termopanel 4-12-4", "Termopanel 5-12-5", "Termopanel 4-10-4 low-e", "Vidrio float 4 mm", "Vidrio float 5 mm", "Vidrio laminado 3+3", "Vidrio laminado 4+4", "Vidrio templado 6 mm", "Vidrio semilla 4 mm"],
    variants: ["incoloro", "bronce", "gris", "satinado"],
  },
  {
    categoria: "instalacion",
    unidad: "UN",
    precio: [900, 9_500],
    names: ["Espuma de poliuretano 750 ml", "Silicona neutra 280 ml", "Sello acrílico 300 ml", "Tarugo nylon 8 mm (bolsa 100)", "Cinta butílica 20 m", "Cuña de nivelación (bolsa 50)", "Anclaje metálico"],
    variants: ["Blanco", "Transparente", "Gris"],
  },
];

const CATEGORY_DIGIT: Record<PautaCategory, number> = {
  perfiles: 1, refuerzos: 2, herraje: 3, accesorios: 4, gomascepillos: 5, tornillos: 6, vidrio: 7, instalacion: 8,
};

/** The category a seeded code belongs to (its first digit). */
export function categoryOfCode(codigo: string): PautaCategory | undefined {
  const digit = Number(codigo[0]);
  return (Object.keys(CATEGORY_DIGIT) as PautaCategory[]).find((c) => CATEGORY_DIGIT[c] === digit);
}

/** Products: demo ~160; bench 5,000; a number scale 2.5 per client. */
export function materialCount(scale: AreaOptions["scale"]): number {
  if (scale === "demo") return 160;
  if (scale === "bench") return 5000;
  return Math.max(40, Math.round(clientCount(scale) * 2.5));
}

const COLUMNS: Columns = [["codigo", "text"], ["producto", "text"], ["unidad", "text"], ["precio_unitario", "numeric"], ["stock_minimo", "numeric"]];

export async function seedMateriales(db: Db, opts: AreaOptions): Promise<SeedCounts> {
  const r = createRandom("ventanal-materiales");
  const n = materialCount(opts.scale);
  // Every name × variant of every family, families interleaved so any count covers all eight categories.
  const pools = FAMILIES.map((f) => f.names.flatMap((name) => f.variants.map((v) => ({ f, producto: `${name} ${v}` }))));
  const picked: { f: Family; producto: string }[] = [];
  for (let round = 0; picked.length < n; round++) {
    let added = false;
    for (const pool of pools) {
      if (picked.length >= n) break;
      if (round < pool.length) {
        picked.push(pool[round]);
        added = true;
      } else {
        // Past the catalogue's plain products: more sizes, as long catalogues have.
        const base = pool[round % pool.length];
        picked.push({ f: base.f, producto: `${base.producto} ${1000 + Math.floor(round / pool.length) * 100} mm` });
        added = true;
      }
    }
    if (!added) break;
  }
  const perCategory = new Map<PautaCategory, number>();
  const rows = picked.map(({ f, producto }) => {
    const seq = (perCategory.get(f.categoria) ?? 0) + 1;
    perCategory.set(f.categoria, seq);
    const [lo, hi] = f.precio;
    return {
      codigo: `${CATEGORY_DIGIT[f.categoria]}${String(seq).padStart(4, "0")}`,
      producto,
      unidad: f.unidad,
      precio_unitario: Math.round(r.int(lo, hi) / 10) * 10,
      stock_minimo: f.unidad === "TIRA" ? r.int(2, 12) : f.unidad === "M2" ? r.int(0, 5) : r.int(5, 40),
    };
  });
  return write({ db, user: null, route: "seed" }, async (tx, audit) => {
    await insertJson(tx, "materiales", COLUMNS, rows);
    const counts = { materiales: rows.length };
    await audit({ entity: "semilla", entityId: null, changes: counts });
    return counts;
  });
}
