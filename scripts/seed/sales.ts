// Sales: clients with valid RUTs, quotes with their work-tracking record, quote items.
// Sizes follow the bench proportions: per client 2.5 quotes, per quote 8 items on
// average (bench: 2,000 clients, 5,000 quotes, 40,000 items).
// EXTENSION POINT (sales developer): more fields or tables of the sales area go here.
import { clientes, itemsPresupuesto, presupuestos, seguimientoObras } from "../../server/db/schema";
import { write } from "../../server/services/write";
import type { Db } from "../../server/db/connect";
import { addDays, todayInSantiago } from "../../src/domain/dates/dates";
import { lineTotal } from "../../src/domain/money/vat";
import { normalizeRut, rutCheckDigit } from "../../src/domain/sales/rut";
import { WORK_STAGES, type WorkStage } from "../../src/domain/sales/tracking";
import { computeItemUtv, TIPOS_APERTURA, type TipoVentana } from "../../src/domain/sales/utv";
import { clientCount, COMUNAS, FIRST_NAMES, insertChunks, slug, STREETS, SURNAMES, type AreaOptions, type SeedCounts } from "./common";
import { createRandom, type Random } from "./random";

const CHUNK = 1000;
const QUOTES_PER_CLIENT = 2.5;
const ITEMS_PER_QUOTE = 8;
/** Quotes are spread over the last 18 months. */
const HISTORY_DAYS = 540;

const COMPANY_PREFIXES = ["Constructora", "Inmobiliaria", "Sociedad", "Comercial", "Ingeniería y Construcción", "Servicios"] as const;
const COMPANY_NAMES = [
  "Los Andes", "Cordillera", "Pocuro", "Del Pacífico", "Aconcagua", "Bío Bío", "Los Robles", "El Roble", "Santa Elena",
  "Maipo", "Altos del Valle", "Quillayes", "Lo Curro", "San Ramón", "Vista Mar", "Los Maitenes", "Peumo", "Araucaria",
] as const;
const COMPANY_SUFFIXES = ["SpA", "Ltda.", "S.A.", "EIRL"] as const;
const WORK_KINDS = ["Casa", "Edificio", "Condominio", "Departamento", "Oficinas", "Local comercial", "Ampliación"] as const;
const RECINTOS = ["Living", "Comedor", "Dormitorio principal", "Dormitorio 2", "Dormitorio 3", "Cocina", "Baño", "Logia", "Escritorio", "Hall", "Terraza", "Sala de estar"] as const;
const QUOTE_NOTES = [
  "Incluye retiro de ventanas existentes.",
  "Perfilería PVC blanca, termopanel 4-12-4.",
  "Aluminio línea 25, color titanio.",
  "Cliente solicita visita técnica para rectificar medidas.",
  "Entrega en dos etapas.",
] as const;
const ITEM_NOTES = ["Vidrio templado por norma", "Medida a confirmar en obra", "Incluye mosquitero", "Vidrio empavonado"] as const;

/** Window types with how often they appear (sliding windows dominate). */
const TIPO_WEIGHTS: readonly (readonly [TipoVentana, number])[] = [
  ["Doble Corredera", 40],
  ["Proyectante", 20],
  ["Fijo", 15],
  ["Oscilobatiente", 8],
  ["Doble corredera con fijo", 10],
  ["Marco puerta", 5],
  ["Otro", 2],
];

/** "gomas_cepillos" → "gomasCepillos" (drizzle property of the column). */
const stageKey = (stage: WorkStage) => stage.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

function personName(r: Random): string {
  return `${r.pick(FIRST_NAMES)} ${r.pick(SURNAMES)} ${r.pick(SURNAMES)}`;
}

function address(r: Random): string {
  return `${r.pick(STREETS)} ${r.int(100, 9800)}, ${r.pick(COMUNAS)}`;
}

/** A valid RUT not used yet: companies 76–77 millions, people 6–24 millions. */
function uniqueRut(r: Random, company: boolean, used: Set<number>): string {
  let body: number;
  do body = company ? r.int(76_000_000, 77_999_999) : r.int(6_000_000, 24_999_999);
  while (used.has(body));
  used.add(body);
  return normalizeRut(`${body}-${rutCheckDigit(body)}`)!;
}

/** A name no other client has (homonyms would look like duplicates on screen). */
function uniqueName(used: Set<string>, make: () => string): string {
  let name = make();
  for (let attempt = 1; used.has(name); attempt++) name = attempt < 20 ? make() : `${make()} ${attempt}`;
  used.add(name);
  return name;
}

/** Sizes whose sum is exactly `total`, each in [min, max] (random, deterministic). */
function spread(r: Random, n: number, total: number, min: number, max: number): number[] {
  const sizes = Array.from({ length: n }, () => r.int(min, max));
  let diff = total - sizes.reduce((a, b) => a + b, 0);
  while (diff !== 0) {
    const i = r.int(0, n - 1);
    const step = diff > 0 ? (sizes[i] < max * 2 ? 1 : 0) : sizes[i] > 1 ? -1 : 0;
    sizes[i] += step;
    diff -= step;
  }
  return sizes;
}

export async function seedSales(db: Db, opts: AreaOptions): Promise<SeedCounts> {
  const r = createRandom("ventanal-ventas");
  const nClients = clientCount(opts.scale);
  const nQuotes = Math.round(nClients * QUOTES_PER_CLIENT);
  const nItems = nQuotes * ITEMS_PER_QUOTE;
  const today = todayInSantiago();

  // Clients: two thirds companies (RUT, e-mail at their domain), one third people.
  const ruts = new Set<number>();
  const names = new Set<string>();
  const clientRows = Array.from({ length: nClients }, () => {
    const company = r.chance(2 / 3);
    const nombre = uniqueName(names, () =>
      company
        ? `${r.pick(COMPANY_PREFIXES)} ${r.chance(0.5) ? r.pick(COMPANY_NAMES) : r.pick(SURNAMES)}${r.chance(0.3) ? ` y ${r.pick(SURNAMES)}` : ""} ${r.pick(COMPANY_SUFFIXES)}`
        : personName(r),
    );
    const correo = company
      ? `contacto@${slug(nombre.replace(/ (SpA|Ltda\.|S\.A\.|EIRL)$/, ""), "")}.cl`
      : `${slug(nombre)}@${r.pick(["gmail.com", "hotmail.com", "outlook.com", "yahoo.es"])}`;
    return {
      nombre,
      rut: r.chance(0.95) ? uniqueRut(r, company, ruts) : null, // a few clients without RUT, as in real data
      correo: r.chance(0.9) ? correo : null,
      telefono: r.chance(0.9) ? `+56 9 ${r.int(1000, 9999)} ${r.int(1000, 9999)}` : null,
      direccion: address(r),
    };
  });

  return write({ db, user: null, route: "seed" }, async (tx, audit) => {
    const clientIds = (await insertChunks(clientRows, CHUNK, (c) => tx.insert(clientes).values(c).returning({ id: clientes.id }))).map((c) => c.id);

    // Quotes: numbered by year of issue (2025-0001 …), oldest first; each client has at least one.
    const quoteDays = Array.from({ length: nQuotes }, () => r.int(0, HISTORY_DAYS)).sort((a, b) => b - a);
    const perYear = new Map<string, number>();
    const quotes = quoteDays.map((ago, i) => {
      const fecha = addDays(today, -ago);
      const year = fecha.slice(0, 4);
      const seq = (perYear.get(year) ?? 0) + 1;
      perYear.set(year, seq);
      const clienteId = i < nClients ? clientIds[i] : r.pick(clientIds);
      return { ago, fecha, numero: `${year}-${String(seq).padStart(4, "0")}`, clienteId };
    });

    const itemCounts = spread(r, nQuotes, nItems, 3, 13);
    const itemsOf: (typeof itemsPresupuesto.$inferInsert)[][] = [];
    const quoteRows = quotes.map((q, i) => {
      const items: (typeof itemsPresupuesto.$inferInsert)[] = [];
      for (let k = 0; k < itemCounts[i]; k++) {
        const tipoVentana = r.weighted(TIPO_WEIGHTS);
        const ancho = r.int(40, 300) * 10;
        const alto = tipoVentana === "Marco puerta" ? r.int(200, 240) * 10 : r.int(40, 220) * 10;
        const observaciones = r.chance(0.05);
        const adicional = !observaciones && r.chance(0.1);
        const cuadrosAdicionales = adicional ? r.int(1, 3) : 0;
        const cantidad = r.weighted([[1, 70], [2, 18], [3, 7], [4, 5]] as const);
        // Price from the area: 95,000–140,000 pesos per m², to the hundred.
        const precioUnitario = Math.round(((ancho * alto) / 1e6) * r.int(95, 140) * 10) * 100;
        const { utv, utv_monto } = computeItemUtv({ tipo_ventana: tipoVentana, observaciones, adicional, cuadros_adicionales: cuadrosAdicionales, cantidad });
        items.push({
          presupuestoId: 0, // set once the quote has its id
          item: `V${k + 1}`,
          recinto: r.pick(RECINTOS),
          ancho,
          alto,
          tipoVentana,
          tipoApertura: r.pick(TIPOS_APERTURA),
          gradaBuque: r.chance(0.1),
          observaciones,
          textoObservaciones: observaciones ? r.pick(ITEM_NOTES) : null,
          adicional,
          cuadrosAdicionales,
          cantidad,
          precioUnitario,
          utv,
          utvMonto: utv_monto,
        });
      }
      itemsOf.push(items);
      return {
        numero: q.numero,
        clienteId: q.clienteId,
        nombreObra: `${r.pick(WORK_KINDS)} ${r.pick(SURNAMES)}`,
        direccion: address(r),
        observacion: r.chance(0.3) ? r.pick(QUOTE_NOTES) : null,
        fecha: q.fecha,
        totalNetoPresupuestado: items.reduce((s, it) => s + lineTotal(it.cantidad, it.precioUnitario), 0),
        creadoEn: new Date(`${q.fecha}T${String(r.int(9, 18)).padStart(2, "0")}:${String(r.int(0, 59)).padStart(2, "0")}:00-04:00`),
      };
    });
    const quoteIds = (await insertChunks(quoteRows, CHUNK, (c) => tx.insert(presupuestos).values(c).returning({ id: presupuestos.id }))).map((q) => q.id);

    // Work tracking: older works are further along (stages in the specification's order).
    const trackingRows = quotes.map((q, i) => {
      const done = Math.min(WORK_STAGES.length, Math.round((q.ago / HISTORY_DAYS) * WORK_STAGES.length * (0.6 + r.next() * 0.8)));
      const row: typeof seguimientoObras.$inferInsert = { presupuestoId: quoteIds[i] };
      WORK_STAGES.forEach((stage, k) => ((row as Record<string, unknown>)[stageKey(stage)] = k < done));
      if (done > 1) row.rectificacionFecha = addDays(q.fecha, Math.min(q.ago, r.int(3, 20)));
      if (r.chance(0.2)) {
        row.comentario = r.pick(["Cliente confirma medidas.", "Esperando vidrio del proveedor.", "Instalación coordinada con conserje.", "Pendiente pago del 50%."]);
        row.comentarioFecha = new Date(`${addDays(q.fecha, Math.min(q.ago, r.int(1, 30)))}T12:00:00-04:00`);
      }
      return row;
    });
    await insertChunks(trackingRows, CHUNK, (c) => tx.insert(seguimientoObras).values(c));

    const itemRows = itemsOf.flatMap((items, i) => items.map((it) => ({ ...it, presupuestoId: quoteIds[i] })));
    await insertChunks(itemRows, CHUNK, (c) => tx.insert(itemsPresupuesto).values(c));

    const counts = { clientes: clientIds.length, presupuestos: quoteIds.length, seguimiento_obras: trackingRows.length, items_presupuesto: itemRows.length };
    await audit({ entity: "semilla", entityId: null, changes: counts });
    return counts;
  });
}
