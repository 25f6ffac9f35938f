// Sales: clients with valid RUTs in Santiago and Valparaíso, quotes for works ("Edificio
// Parque Los Robles", "Casa Muñoz") with their work-tracking record, and window items
// (Living, Dormitorio 1, Cocina, Baño…; sizes in mm; prices in CLP).
// Sizes follow the bench proportions: per client 2.5 quotes, per quote 8 items on
// average (bench: 2,000 clients, 5,000 quotes, 40,000 items).
// Rows go in through insertJson (scripts/seed/insert.ts).
import { sql } from "drizzle-orm";
import { write } from "../../server/services/write";
import type { Db } from "../../server/db/connect";
import { addDays, todayInSantiago } from "../../src/domain/dates/dates";
import { lineTotal } from "../../src/domain/money/vat";
import { normalizeRut, rutCheckDigit } from "../../src/domain/fields/rut";
import { RECTIFICACION_PLAZO_DEFAULT, WORK_STAGES } from "../../src/domain/sales/tracking";
import { computeItemUtv, TIPOS_APERTURA, type TipoApertura, type TipoVentana } from "../../src/domain/sales/utv";
import { clientCount, FIRST_NAMES, slug, SURNAMES, type AreaOptions, type SeedCounts } from "./common";
import { insertJson, type Columns } from "./insert";
import { createRandom, type Random } from "./random";

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

/** Comunas of the Santiago Metropolitan Region and the Valparaíso Region, each with real streets. */
const PLACES: readonly { comuna: string; streets: readonly string[] }[] = [
  { comuna: "Santiago", streets: ["Av. Libertador Bernardo O'Higgins", "San Diego", "Santa Rosa", "Agustinas", "Huérfanos", "Av. Matta"] },
  { comuna: "Providencia", streets: ["Av. Providencia", "Av. Los Leones", "Pedro de Valdivia", "Manuel Montt", "Av. Italia", "Holanda"] },
  { comuna: "Las Condes", streets: ["Av. Apoquindo", "Av. Las Condes", "Av. Cristóbal Colón", "Av. Manquehue", "Rosario Norte", "Av. Kennedy"] },
  { comuna: "Ñuñoa", streets: ["Av. Irarrázaval", "Av. Grecia", "José Pedro Alessandri", "Av. Pedro de Valdivia", "Dublé Almeyda"] },
  { comuna: "Vitacura", streets: ["Av. Vitacura", "Av. Alonso de Córdova", "Av. Luis Pasteur", "Av. Padre Hurtado Norte"] },
  { comuna: "Lo Barnechea", streets: ["Av. La Dehesa", "Camino Los Trapenses", "Av. El Rodeo", "Camino La Fuente"] },
  { comuna: "La Reina", streets: ["Av. Príncipe de Gales", "Av. Larraín", "Av. Ossa", "Av. Echeñique"] },
  { comuna: "Peñalolén", streets: ["Av. Grecia", "Av. Tobalaba", "Av. Consistorial", "Av. Las Parcelas"] },
  { comuna: "Macul", streets: ["Av. Macul", "Av. Quilín", "Av. Los Presidentes", "Exequiel Fernández"] },
  { comuna: "La Florida", streets: ["Av. Vicuña Mackenna", "Av. La Florida", "Av. Walker Martínez", "Av. Departamental"] },
  { comuna: "Puente Alto", streets: ["Av. Concha y Toro", "Camilo Henríquez", "Av. Gabriela", "Av. Ejército Libertador"] },
  { comuna: "Maipú", streets: ["Av. Pajaritos", "Av. Américo Vespucio", "Av. 5 de Abril", "Av. Los Pajaritos"] },
  { comuna: "San Miguel", streets: ["Gran Avenida José Miguel Carrera", "Av. Departamental", "Llano Subercaseaux"] },
  { comuna: "Huechuraba", streets: ["Av. Pedro Fontova", "Av. El Salto", "Av. Santa Clara"] },
  { comuna: "Colina", streets: ["Av. Chicureo", "Camino Chicureo", "Av. Santa Elena"] },
  { comuna: "Viña del Mar", streets: ["Av. Libertad", "Av. San Martín", "Av. Perú", "Calle Álvarez", "Av. Jorge Montt", "15 Norte"] },
  { comuna: "Valparaíso", streets: ["Av. Brasil", "Av. Pedro Montt", "Av. Argentina", "Av. Alemania", "Calle Esmeralda", "Av. España"] },
  { comuna: "Concón", streets: ["Av. Borgoño", "Av. Blanca Estela", "Av. Concón Reñaca"] },
  { comuna: "Quilpué", streets: ["Av. Los Carrera", "Av. Freire", "Av. Diego Portales"] },
  { comuna: "Villa Alemana", streets: ["Av. Valparaíso", "Av. Maturana", "Av. Huanhualí"] },
];

/** Works and how they are named: buildings and condominiums have names, houses the family's surname. */
const WORK_KINDS: readonly (readonly [string, number])[] = [
  ["Casa", 45],
  ["Departamento", 15],
  ["Edificio", 12],
  ["Condominio", 8],
  ["Oficinas", 8],
  ["Local comercial", 6],
  ["Ampliación", 6],
];
const BUILDING_NAMES = [
  "Parque Los Robles", "Mirador del Mar", "Alto Apoquindo", "Plaza Ñuñoa", "Vista Cordillera", "Terrazas de Reñaca", "Los Leones",
  "Jardín del Este", "Portal La Dehesa", "Bosque Nativo", "Puerta del Sol", "Altos de Viña", "Costanera", "Cerro Alegre",
] as const;
const CONDOMINIUM_NAMES = ["Los Maitenes", "Santa Elena", "Valle Grande", "Los Quillayes", "Altos de Chicureo", "Las Pircas", "El Remanso"] as const;

const ROOMS_HOME = [
  "Living", "Comedor", "Living comedor", "Dormitorio 1", "Dormitorio 2", "Dormitorio 3", "Dormitorio principal", "Cocina", "Baño",
  "Baño visita", "Logia", "Escritorio", "Hall", "Terraza", "Sala de estar", "Pasillo",
] as const;
const ROOMS_OFFICE = ["Recepción", "Oficina 1", "Oficina 2", "Sala de reuniones", "Baño", "Cocina", "Hall", "Bodega"] as const;
const ROOMS_SHOP = ["Vitrina", "Acceso", "Sala de ventas", "Bodega", "Baño", "Oficina"] as const;

const QUOTE_NOTES = [
  "Incluye retiro de ventanas existentes.",
  "Perfilería PVC blanca, termopanel 4-12-4.",
  "Aluminio línea 25, color titanio.",
  "Aluminio línea 20, color blanco, vidrio simple 5 mm.",
  "Cliente solicita visita técnica para rectificar medidas.",
  "Entrega en dos etapas.",
  "Valores netos, validez 15 días.",
] as const;
const ITEM_NOTES = ["Vidrio templado por norma", "Medida a confirmar en obra", "Incluye mosquitero", "Vidrio empavonado", "Vano fuera de escuadra"] as const;
const TRACKING_NOTES = ["Cliente confirma medidas.", "Esperando vidrio del proveedor.", "Instalación coordinada con conserje.", "Pendiente pago del 50%."] as const;

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

function personName(r: Random): string {
  return `${r.pick(FIRST_NAMES)} ${r.pick(SURNAMES)} ${r.pick(SURNAMES)}`;
}

function address(r: Random): string {
  const place = r.pick(PLACES);
  const number = r.int(100, 9800);
  const unit = r.chance(0.25) ? `, depto. ${r.int(1, 22)}0${r.int(1, 8)}` : "";
  return `${r.pick(place.streets)} ${number}${unit}, ${place.comuna}`;
}

function workName(r: Random, kind: string, clientSurname: string): string {
  switch (kind) {
    case "Edificio":
      return `Edificio ${r.pick(BUILDING_NAMES)}`;
    case "Condominio":
      return `Condominio ${r.pick(CONDOMINIUM_NAMES)}, casa ${r.int(1, 120)}`;
    case "Departamento":
      return `Departamento ${r.int(2, 24)}0${r.int(1, 8)} ${r.pick(["Torre A", "Torre B", "Edificio " + r.pick(BUILDING_NAMES)])}`;
    case "Oficinas":
      return `Oficinas ${r.pick(BUILDING_NAMES)}, piso ${r.int(2, 20)}`;
    case "Local comercial":
      return `Local comercial ${r.pick(["Av.", "Strip center", "Galería"])} ${r.pick(PLACES).comuna}`;
    case "Ampliación":
      return `Ampliación casa ${clientSurname}`;
    default:
      return `Casa ${clientSurname}`;
  }
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

/** "YYYY-MM-DD" at a Santiago wall-clock hour, as an instant (offset -04:00 / -03:00 ignored: seed data). */
function atHour(fecha: string, r: Random): string {
  return `${fecha}T${String(r.int(9, 18)).padStart(2, "0")}:${String(r.int(0, 59)).padStart(2, "0")}:00-04:00`;
}


/**
 * INSERT … SELECT FROM json_to_recordset($1): a chunk of rows as one JSON parameter.
 * Table and column names are this file's constants, never input.
 */

const CLIENT_COLUMNS: Columns = [["nombre", "text"], ["rut", "text"], ["correo", "text"], ["telefono", "text"], ["direccion", "text"]];
const QUOTE_COLUMNS: Columns = [
  ["numero", "text"], ["cliente_id", "integer"], ["nombre_obra", "text"], ["direccion", "text"], ["observacion", "text"],
  ["fecha", "date"], ["total_neto_presupuestado", "bigint"], ["creado_en", "timestamptz"], ["creado_por", "integer"],
];
const TRACKING_COLUMNS: Columns = [
  ["presupuesto_id", "integer"], ...WORK_STAGES.map((s) => [s, "boolean"] as const),
  ["rectificacion_fecha", "date"], ["rectificacion_plazo_dias", "integer"], ["comentario", "text"], ["comentario_fecha", "timestamptz"],
  ["etapa_fecha", "date"],
];
const ITEM_COLUMNS: Columns = [
  ["presupuesto_id", "integer"], ["item", "text"], ["recinto", "text"], ["ancho", "numeric"], ["alto", "numeric"], ["tipo_ventana", "text"],
  ["tipo_apertura", "text"], ["grada_buque", "boolean"], ["observaciones", "boolean"], ["texto_observaciones", "text"], ["adicional", "boolean"],
  ["cuadros_adicionales", "integer"], ["cantidad", "numeric"], ["precio_unitario", "numeric"], ["utv", "numeric"], ["utv_monto", "bigint"],
];

interface ItemRow {
  item: string;
  recinto: string;
  ancho: number;
  alto: number;
  tipo_ventana: TipoVentana;
  tipo_apertura: TipoApertura;
  grada_buque: boolean;
  observaciones: boolean;
  texto_observaciones: string | null;
  adicional: boolean;
  cuadros_adicionales: number;
  cantidad: number;
  precio_unitario: number;
  utv: number;
  utv_monto: number;
}

/** Rooms with small windows: mostly top-hung (proyectante) or fixed, 40–120 cm. */
const SMALL_ROOMS = new Set<string>(["Baño", "Baño visita", "Logia", "Pasillo", "Bodega"]);

function makeItem(r: Random, k: number, kind: string): ItemRow {
  const rooms = kind === "Oficinas" ? ROOMS_OFFICE : kind === "Local comercial" ? ROOMS_SHOP : ROOMS_HOME;
  const recinto = r.pick(rooms);
  const small = SMALL_ROOMS.has(recinto);
  const tipo: TipoVentana = small ? r.weighted([["Proyectante", 60], ["Fijo", 25], ["Doble Corredera", 15]] as const) : r.weighted(TIPO_WEIGHTS);
  // Sizes in mm, to the centimetre; doors are tall, shop fronts wide.
  const ancho = (small ? r.int(40, 120) : kind === "Local comercial" && tipo === "Fijo" ? r.int(150, 400) : r.int(60, 300)) * 10;
  const alto = (tipo === "Marco puerta" ? r.int(200, 240) : small || tipo === "Proyectante" ? r.int(40, 100) : r.int(60, 220)) * 10;
  const observaciones = r.chance(0.05);
  const adicional = !observaciones && r.chance(0.1);
  const cuadros = adicional ? r.int(1, 3) : 0;
  // Buildings repeat the same window on every floor.
  const many = kind === "Edificio" || kind === "Oficinas";
  const cantidad = many ? r.weighted([[4, 30], [8, 30], [12, 20], [16, 10], [24, 10]] as const) : r.weighted([[1, 70], [2, 18], [3, 7], [4, 5]] as const);
  // Price from the area: 95,000–140,000 pesos per m², to the hundred.
  const precio = Math.round(((ancho * alto) / 1e6) * r.int(95, 140) * 10) * 100;
  const { utv, utv_monto } = computeItemUtv({ tipo_ventana: tipo, observaciones, adicional, cuadros_adicionales: cuadros, cantidad });
  return {
    item: `V${k + 1}`,
    recinto,
    ancho,
    alto,
    tipo_ventana: tipo,
    tipo_apertura: r.weighted([[TIPOS_APERTURA[0], 45], [TIPOS_APERTURA[1], 45], [TIPOS_APERTURA[2], 10]]),
    grada_buque: r.chance(0.1),
    observaciones,
    texto_observaciones: observaciones ? r.pick(ITEM_NOTES) : null,
    adicional,
    cuadros_adicionales: cuadros,
    cantidad,
    precio_unitario: precio,
    utv,
    utv_monto,
  };
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
  const clients = Array.from({ length: nClients }, () => {
    const company = r.chance(2 / 3);
    const surname = r.pick(SURNAMES);
    const nombre = uniqueName(names, () =>
      company
        ? `${r.pick(COMPANY_PREFIXES)} ${r.chance(0.5) ? r.pick(COMPANY_NAMES) : r.pick(SURNAMES)}${r.chance(0.3) ? ` y ${r.pick(SURNAMES)}` : ""} ${r.pick(COMPANY_SUFFIXES)}`
        : personName(r),
    );
    const correo = company
      ? `contacto@${slug(nombre.replace(/ (SpA|Ltda\.|S\.A\.|EIRL)$/, ""), "")}.cl`
      : `${slug(nombre)}@${r.pick(["gmail.com", "hotmail.com", "outlook.com", "yahoo.es"])}`;
    return {
      company,
      // Whose house it is: a person's own first surname, or the company's client.
      surname: company ? surname : nombre.split(" ").slice(-2)[0],
      row: {
        nombre,
        rut: r.chance(0.95) ? uniqueRut(r, company, ruts) : null, // a few clients without RUT, as in real data
        correo: r.chance(0.9) ? correo : null,
        telefono: r.chance(0.9) ? (r.chance(0.8) ? `+56 9 ${r.int(1000, 9999)} ${r.int(1000, 9999)}` : `+56 2 ${r.int(2000, 2999)} ${r.int(1000, 9999)}`) : null,
        direccion: address(r),
      },
    };
  });

  // Who made each quote (its PDF names them as the salesperson): the sales staff.
  const sellers = (await db.execute<{ id: number }>(sql`select id from usuarios where rol in ('Ventas', 'Gerencia') order by id`)).rows.map((u) => u.id);

  return write({ db, user: null, route: "seed" }, async (tx, audit) => {
    const inserted = await insertJson<{ id: number; nombre: string }>(tx, "clientes", CLIENT_COLUMNS, clients.map((c) => c.row), "id, nombre");
    const idByName = new Map(inserted.map((c) => [c.nombre, c.id]));
    const clientIds = clients.map((c) => idByName.get(c.row.nombre)!);

    // Quotes: numbered by year of issue (2025-0001 …), oldest first; each client has at least one.
    const quoteDays = Array.from({ length: nQuotes }, () => r.int(0, HISTORY_DAYS)).sort((a, b) => b - a);
    const perYear = new Map<string, number>();
    const itemCounts = spread(r, nQuotes, nItems, 3, 13);
    const itemsOf: ItemRow[][] = [];
    const quotes = quoteDays.map((ago, i) => {
      const fecha = addDays(today, -ago);
      const year = fecha.slice(0, 4);
      const seq = (perYear.get(year) ?? 0) + 1;
      perYear.set(year, seq);
      const c = i < nClients ? i : r.int(0, nClients - 1);
      const kind = clients[c].company ? r.weighted(WORK_KINDS) : r.weighted([["Casa", 70], ["Departamento", 20], ["Ampliación", 10]] as const);
      const items = Array.from({ length: itemCounts[i] }, (_, k) => makeItem(r, k, kind));
      itemsOf.push(items);
      return {
        ago,
        row: {
          numero: `${year}-${String(seq).padStart(4, "0")}`,
          cliente_id: clientIds[c],
          nombre_obra: workName(r, kind, clients[c].surname),
          direccion: kind === "Casa" && !clients[c].company && r.chance(0.6) ? clients[c].row.direccion : address(r),
          observacion: r.chance(0.3) ? r.pick(QUOTE_NOTES) : null,
          fecha,
          total_neto_presupuestado: items.reduce((s, it) => s + lineTotal(it.cantidad, it.precio_unitario), 0),
          creado_en: atHour(fecha, r),
          creado_por: sellers.length > 0 ? sellers[i % sellers.length] : null,
        },
      };
    });
    const quoteIds = await insertJson<{ id: number; cliente_id: number; numero: string }>(tx, "presupuestos", QUOTE_COLUMNS, quotes.map((q) => q.row), "id, cliente_id, numero");
    const idByQuote = new Map(quoteIds.map((q) => [`${q.cliente_id}\u0000${q.numero}`, q.id]));
    const ids = quotes.map((q) => idByQuote.get(`${q.row.cliente_id}\u0000${q.row.numero}`)!);

    // Work tracking: older works are further along (stages in the specification's order).
    // Its own random stream, so the rest of the seed does not change with it.
    const stages = createRandom("ventanal-etapas");
    const tracking = quotes.map((q, i) => {
      const done = Math.min(WORK_STAGES.length, Math.round((q.ago / HISTORY_DAYS) * WORK_STAGES.length * (0.6 + r.next() * 0.8)));
      const row: Record<string, unknown> = { presupuesto_id: ids[i], rectificacion_plazo_dias: RECTIFICACION_PLAZO_DEFAULT };
      WORK_STAGES.forEach((stage, k) => (row[stage] = k < done));
      row.rectificacion_fecha = done > 1 ? addDays(q.row.fecha, Math.min(q.ago, r.int(3, 20))) : null;
      const comment = r.chance(0.2);
      row.comentario = comment ? r.pick(TRACKING_NOTES) : null;
      row.comentario_fecha = comment ? `${addDays(q.row.fecha, Math.min(q.ago, r.int(1, 30)))}T12:00:00-04:00` : null;
      // The last stage change: mostly within the last weeks, some works stalled for longer.
      row.etapa_fecha = addDays(today, -Math.min(q.ago, stages.chance(0.15) ? stages.int(15, 90) : stages.int(0, 14)));
      return row;
    });
    await insertJson(tx, "seguimiento_obras", TRACKING_COLUMNS, tracking);

    const itemRows = itemsOf.flatMap((items, i) => items.map((it) => ({ presupuesto_id: ids[i], ...it })));
    await insertJson(tx, "items_presupuesto", ITEM_COLUMNS, itemRows);

    const counts = { clientes: clientIds.length, presupuestos: ids.length, seguimiento_obras: tracking.length, items_presupuesto: itemRows.length };
    await audit({ entity: "semilla", entityId: null, changes: counts });
    return counts;
  });
}
