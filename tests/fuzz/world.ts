// The fuzzer's world: a small seeded data set written through the API (two clients with a
// quote each, so an id "of another parent" always exists), the pools of ids a path or a
// field draws from, and one valid example a write route, which the fuzzer sends as it is
// and mutated.
import { expect } from "vitest";
import type { TestServer } from "../helpers";
import type { Role } from "../../src/domain/roles/roles";
import { dteXml, latin1, withDecl } from "../../src/domain/operations/dte.fixtures";
import { rcvLatin1 } from "../../src/domain/operations/rcv.fixtures";
import type { AnyResource } from "../../src/domain/resources/define-resource";
import { exampleBody } from "../../src/domain/resources/examples";
import { DECLARED_RESOURCES } from "../../src/domain/resources/registry";
import { keyOf } from "../../src/domain/resources/define-resource";

export interface World {
  clienteA: number;
  clienteB: number;
  quoteA: number;
  quoteB: number;
  numeroA: string;
  numeroB: string;
  codes: string[];
  proveedor: string;
  victims: number[];
  /** The seeded orders and their line ids. */
  ocs: { numero_oc: number; lines: number[] }[];
  /** An import of the SII's purchase register and its rows only in the SII. */
  rcv: { id: number; soloSii: number[] };
  seq: () => number;
}

/** A one-row RCV file of March 2026 (folio `folio`, a supplier Ventanal does not have), in base64. */
export const rcvExample = (folio: number) => ({
  nombre: "RCV_COMPRA_REGISTRO_76543210-3_202603.csv",
  contenido: Buffer.from(rcvLatin1([{ rut: "77777777-7", razon: "Cerrajería Los Andes", folio, fecha: "2026-03-05", neto: 1000, iva: 190, total: 1190 }])).toString("base64"),
});

/** What a valid call looks like: body, query and path values (by parameter name). */
export interface Example {
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  path?: Record<string, string | number>;
}

const today = () => new Date().toISOString().slice(0, 10);

export async function seedWorld(t: TestServer): Promise<World> {
  const ok = async (method: "POST" | "PUT", url: string, as: Role, payload: object) => {
    const res = await t.request({ method, url, as, payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const clienteA = (await ok("POST", "/api/clientes", "Ventas", { nombre: "Constructora Andes" })).id;
  const clienteB = (await ok("POST", "/api/clientes", "Ventas", { nombre: "Inmobiliaria Biobío" })).id;
  const quoteA = (await ok("POST", "/api/presupuestos", "Ventas", { numero: "F-1", cliente_id: clienteA, nombre_obra: "Edificio Los Robles", fecha: "2026-03-01" })).id;
  const quoteB = (await ok("POST", "/api/presupuestos", "Ventas", { numero: "F-2", cliente_id: clienteB, nombre_obra: "Casa Lircay", fecha: "2026-03-02" })).id;
  for (const presupuesto_id of [quoteA, quoteB]) {
    await ok("POST", "/api/items_presupuesto", "Ventas", { presupuesto_id, item: "V1", recinto: "Living", ancho: 1500, alto: 1200, cantidad: 2, precio_unitario: 185000 });
  }
  const codes = ["FZ-1", "FZ-2", "FZ-3"];
  for (const codigo of codes) {
    await ok("POST", "/api/materiales", "Adquisiciones", { codigo, producto: `Perfil ${codigo}`, precio_unitario: 1000 });
    await ok("POST", "/api/ajuste_stock", "Bodega", { codigo, diferencia: 500 });
  }
  for (const [presupuesto_id, cliente_id, numero] of [[quoteA, clienteA, "F-1"], [quoteB, clienteB, "F-2"]] as const) {
    for (const cat of ["perfiles", "vidrio"]) {
      await ok("POST", `/api/ot_pautas/${cat}/lote`, "Oficina Técnica", { cliente_id, presupuesto_id, numero_presupuesto: numero, items: [{ codigo: codes[0], producto: "Perfil", cantidad: 3 }] });
    }
  }
  const proveedor = "Aluminios del Sur";
  await ok("POST", "/api/proveedores", "Adquisiciones", { proveedor, rut: "76086428-5", dias_credito: 30 });
  const ocs: World["ocs"] = [];
  for (let i = 0; i < 2; i++) {
    const oc = await ok("POST", "/api/ordenes_compra", "Adquisiciones", {
      proveedor,
      fecha: "2026-03-10",
      realizado_por: "Carla Rojas",
      cliente_id: clienteA,
      numero_presupuesto: "F-1",
      items: codes.map((codigo) => ({ codigo, producto: `Perfil ${codigo}`, cantidad: 1000, precio_unitario: 1500 })),
    });
    const lines = (await t.database.pool.query("select id from items_oc where numero_oc = $1 order by id", [oc.numero_oc])).rows.map((r) => r.id as number);
    ocs.push({ numero_oc: oc.numero_oc, lines });
  }
  await ok("POST", "/api/taller/utv", "Fábrica", { fecha: "2026-03-05", nombre_pauta: "Edificio Mirador", numero_pauta: "P-101", tipo: "PVC", fijo: 2, valor_m2: 3000, m2_instalador: 12.5 });
  await ok("POST", "/api/taller/termopanel", "Fábrica", { fecha: "2026-03-10", cliente: "Casa Pérez", cantidad: 2, ancho_mm: 1200, alto_mm: 1500 });
  await ok("POST", "/api/trabajadores", "Operaciones", { periodo: "2026-03", nombre: "Ana Soto", dias_trab: 20 });
  await ok("POST", "/api/solicitudes", "Bodega", { codigo: codes[1], producto: "Perfil", cantidad: 3, solicitante: "Pedro" });
  await ok("POST", "/api/facturas_guias", "Operaciones", { proveedor, numero_factura: "1600", fecha: today(), monto_neto: 1000 });
  await ok("POST", "/api/pagos_clientes", "Operaciones", { cliente_id: clienteA, presupuesto_id: quoteA, fecha_pago: "2026-03-10", monto: 500000, estado: "Abono" });
  const victims: number[] = [];
  for (let i = 0; i < 3; i++) victims.push((await ok("POST", "/api/usuarios", "Informático", { nombre: `Víctima ${i}`, correo: `victima${i}@test.cl`, rol: "Ventas", contrasena: "secreta-1" })).id);
  // One record of every declared resource (src/domain/resources), so its paths have ids.
  for (const r of DECLARED_RESOURCES) await ok("POST", `/api/${r.name}`, r.writers[0], exampleBody(r, 0, declaredRefs(r, victims, { clientes: clienteA, presupuestos: quoteA })));
  const rcvId = (await ok("POST", "/api/rcv/compras", "Contabilidad", rcvExample(1))).id as number;
  const soloSii = (await t.database.pool.query("select id from rcv_filas where importacion_id = $1 and resultado = 'solo_sii'", [rcvId])).rows.map((r: { id: number }) => r.id);
  let n = 0;
  return { clienteA, clienteB, quoteA, quoteB, numeroA: "F-1", numeroB: "F-2", codes, proveedor, victims, ocs, rcv: { id: rcvId, soloSii }, seq: () => ++n };
}

/** SQL that lists the values a path parameter may take on a route (by path prefix). */
export const PATH_POOLS: [RegExp, string, string][] = [
  [/^\/api\/usuarios\//, "id", ""], // filled from world.victims: never the fuzzer's own sessions
  [/^\/api\/clientes\//, "id", "select id from clientes"],
  [/^\/api\/presupuestos\/cliente\//, "clientId", "select id from clientes"],
  [/^\/api\/presupuestos\//, "id", "select id from presupuestos"],
  [/^\/api\/presupuestos\/\{id\}\/enlaces\//, "enlaceId", "select id from enlaces_presupuesto"],
  [/^\/api\/items_presupuesto\/presupuesto\//, "quoteId", "select id from presupuestos"],
  [/^\/api\/items_presupuesto\//, "id", "select id from items_presupuesto"],
  [/^\/api\/(ot_pautas|stock-reservado)\//, "id", "select id from pautas"],
  [/^\/api\/taller\/utv\//, "id", "select id from taller_utv"],
  [/^\/api\/taller\/termopanel\//, "id", "select id from taller_termopanel"],
  [/^\/api\/trabajadores\//, "id", "select id from trabajadores"],
  [/^\/api\/solicitudes\//, "id", "select id from solicitudes_bodega"],
  [/^\/api\/proveedores\//, "id", "select id from proveedores where proveedor <> 'Aluminios del Sur'"], // the seeded one keeps its name (orders name it)
  [/^\/api\/(ordenes_compra|items_oc)\/\{numero_oc\}/, "numero_oc", "select numero_oc as id from ordenes_compra"],
  [/^\/api\/items_oc\//, "id", "select id from items_oc"],
  [/^\/api\/seguimiento_obras\//, "id", "select id from seguimiento_obras"],
  [/^\/api\/facturas_guias\//, "id", "select id from facturas_guias"],
  [/^\/api\/rcv\/compras\//, "id", "select id from rcv_importaciones"],
  [/^\/api\/resumen-materiales\/detalle\//, "presupuestoNumber", "select numero as id from presupuestos"],
  // Every declared resource: its own ids.
  ...DECLARED_RESOURCES.map((r): [RegExp, string, string] => [new RegExp(`^/api/${r.name}/`), "id", `select ${keyOf(r)} as id from ${r.name}`]),
  [/./, "codigo", "select codigo as id from materiales"],
];

export const PAUTA_PATH_VALUES = ["perfiles", "refuerzos", "herraje", "accesorios", "gomascepillos", "tornillos", "vidrio", "instalacion", "ot_pautas_vidrio"];

/** One valid call a write route (and the list routes that need a filter to mean something). */
export function exampleFor(key: string, w: World): Example | undefined {
  const n = w.seq();
  const code = w.codes[n % w.codes.length];
  const text = (prefix: string) => `${prefix} ${n}`;
  const rut = (base: number) => `${base}-${rutDv(base)}`;
  // A declared resource's POST and PUT: the declaration's own example body.
  const declared = /^(POST|PUT) \/api\/([a-z_]+)(\/\{id\})?$/.exec(key);
  const r = declared ? DECLARED_RESOURCES.find((d) => d.name === declared[2]) : undefined;
  if (r && declared) {
    const body = exampleBody(r, n, declaredRefs(r, w.victims, { clientes: w.clienteA, presupuestos: w.quoteA }));
    // Each sends the fields its body takes: a POST not the fields only a PUT takes (a POST
    // ignores them, so a hostile value there proves nothing), a PUT not the key nor the
    // fields only a POST takes.
    const shape = ((declared[1] === "POST" ? r.body : r.updateBody) as unknown as { shape: Record<string, unknown> }).shape;
    return { body: Object.fromEntries(Object.entries(body).filter(([k]) => k in shape)) };
  }
  switch (key) {
    case "POST /api/login":
      return { body: { correo: "admin@ventanal.cl", contrasena: "admin-secreto" } };
    case "PUT /api/respaldos/ajustes":
      return { body: { hora: `0${n % 10}:${String((n * 7) % 60).padStart(2, "0")}`, diarios: 1 + (n % 60), semanales: n % 53, mensuales: n % 121 } };
    case "POST /api/respaldos":
    case "POST /api/respaldos/local":
      return { body: {} };
    case "PUT /api/usuarios/{id}/cambiar-contrasena":
      return { body: { nuevaContrasena: "otra-clave-1" }, path: { id: w.victims[n % w.victims.length] } };
    case "POST /api/clientes":
    case "PUT /api/clientes/{id}":
      return { body: { nombre: text("Cliente"), rut: rut(10_000_000 + n), correo: `c${n}@ejemplo.cl`, telefono: "+56 9 1234 5678", direccion: "Av. Alemania 123" }, path: { id: w.clienteA } };
    case "POST /api/presupuestos":
    case "PUT /api/presupuestos/{id}":
      return { body: { numero: `FZ-${n}`, cliente_id: w.clienteA, nombre_obra: text("Obra"), fecha: "2026-03-01", total_neto_presupuestado: 1000000 }, path: { id: w.quoteA } };
    case "POST /api/presupuestos/{id}/enlaces":
      return { path: { id: w.quoteA } };
    case "POST /api/items_presupuesto":
    case "PUT /api/items_presupuesto/{id}":
      return { body: { presupuesto_id: w.quoteA, item: `V${n}`, recinto: "Living", ancho: 1500, alto: 1200, tipo_ventana: "Doble Corredera", tipo_apertura: "Derecha", cantidad: 2, precio_unitario: 185000 } };
    case "DELETE /api/items_presupuesto/{id}":
      return { query: { presupuesto_id: String(w.quoteA) } };
    case "POST /api/materiales":
      return { body: { codigo: `FZM-${n}`, producto: text("Producto"), unidad: "UN", precio_unitario: 1200, stock_minimo: 5 } };
    case "POST /api/ot_pautas/lote":
      return { body: { cliente_id: w.clienteA, presupuesto_id: w.quoteA, numero_presupuesto: w.numeroA, categorias: { herraje: [{ codigo: code, producto: "Bisagra", cantidad_original: 2 }] } } };
    case "POST /api/ot_pautas/{category}/lote":
      return { body: { cliente_id: w.clienteA, presupuesto_id: w.quoteA, numero_presupuesto: w.numeroA, items: [{ codigo: code, producto: "Perfil", cantidad: 2 }] }, path: { category: "perfiles" } };
    case "GET /api/ot_pautas/{category}":
      return { query: { cliente_id: String(w.clienteA), presupuesto_id: String(w.quoteA) }, path: { category: "perfiles" } };
    case "PUT /api/ot_pautas/{category}/{id}":
      return { body: { cantidad: 4 }, path: { category: "perfiles" } };
    case "PATCH /api/stock-reservado/{table}/{id}":
      return { body: { separado: n % 2 === 0 }, path: { table: "perfiles" } };
    case "POST /api/taller/utv":
    case "PUT /api/taller/utv/{id}":
      return { body: { fecha: "2026-03-05", nombre_pauta: text("Obra"), numero_pauta: `P-${n}`, tipo: "PVC", fijo: 2, proyectante: 1, valor_m2: 3000, m2_instalador: 12.5 } };
    case "PUT /api/taller/utv/{id}/instalador":
      return { body: { instalador: "Juan Pérez" } };
    case "POST /api/taller/termopanel":
      return { body: { fecha: "2026-03-10", cliente: text("Casa"), cantidad: 2, ancho_mm: 1200, alto_mm: 1500, observaciones: "4-12-4" } };
    case "POST /api/trabajadores":
    case "PUT /api/trabajadores/{id}":
      return { body: { periodo: "2026-03", nombre: text("Trabajador"), dias_trab: 20, horas_extras: 2.5, horas_retraso: 1.25 } };
    case "POST /api/trabajadores/copiar":
      return { query: { de: "2026-03", a: `2027-${String((n % 12) + 1).padStart(2, "0")}` } };
    case "POST /api/ajuste_stock":
      return { body: { codigo: code, diferencia: n % 2 ? 3 : -1, usuario: "Bodeguero", comentario: "conteo" } };
    case "PUT /api/ajuste_stock/materiales/{codigo}/nombre":
      return { body: { producto: text("Perfil") }, path: { codigo: code } };
    case "POST /api/registro_salida":
      return { body: { codigo: code, producto: "Perfil", cantidad_salida: 1, cliente_id: w.clienteA, presupuesto_id: w.quoteA, observacion: "obra" } };
    case "POST /api/solicitudes":
      return { body: { codigo: code, producto: "Perfil", cantidad: 3, solicitante: "Pedro" } };
    case "PUT /api/solicitudes/{id}":
      return { body: { aprobada: true } };
    case "POST /api/proveedores":
    case "PUT /api/proveedores/{id}":
      return { body: { proveedor: text("Proveedor"), rut: rut(70_000_000 + n), banco: "Banco Estado", dias_credito: 30 } };
    case "POST /api/ordenes_compra":
      return {
        body: {
          proveedor: w.proveedor,
          fecha: "2026-03-10",
          realizado_por: "Carla Rojas",
          cliente_id: w.clienteA,
          presupuesto_id: w.quoteA,
          numero_presupuesto: w.numeroA,
          items: [{ codigo: code, producto: "Perfil", cantidad: 10, precio_unitario: 1500, unidad: "UN" }],
        },
      };
    case "POST /api/ordenes_compra/borradores":
      return { body: { faltantes: [{ codigo: code, cantidad: 5 }] } };
    case "PUT /api/ordenes_compra/{numero_oc}":
      return { body: { comentario: text("Comentario") } };
    case "POST /api/items_oc":
      return { body: { numero_oc: w.ocs[n % 2].numero_oc, codigo: code, producto: "Perfil", cantidad: 4, precio_unitario: 1500 } };
    case "PUT /api/items_oc/{id}":
      return { body: { codigo: code, producto: "Perfil", cantidad: 1200, precio_unitario: 1400, unidad: "UN" } };
    case "POST /api/ingresar_factura":
      {
      const oc = w.ocs[n % 2];
      return { body: { ordenes: [{ numero_oc: oc.numero_oc, factura: `F-${n}`, fecha_factura: "2026-03-20", detalles: [{ id: oc.lines[n % oc.lines.length], cantidad_llegada: 1 }] }] } };
    }
    case "POST /api/facturas_guias/dte/vista-previa":
    case "POST /api/facturas_guias/dte": {
      const xml = dteXml({ tipo: 33, folio: 90_000 + n, neto: 1000, iva: 190, total: 1190, lines: [{ nombre: "Perfil", qty: 1, precio: 1000, monto: 1000 }] });
      return { body: { archivos: [{ nombre: `f${n}.xml`, contenido: Buffer.from(latin1(withDecl(xml))).toString("base64") }] } };
    }
    case "PUT /api/seguimiento_obras/{id}/toggle":
      return { body: { campo: "acopio" } };
    case "PUT /api/seguimiento_obras/{id}/rectificacion":
      return { body: { rectificacion: true, rectificacion_plazo_dias: 10 } };
    case "PUT /api/seguimiento_obras/{id}/comentario":
      return { body: { comentario: text("Nota") } };
    case "POST /api/facturas_guias":
      return { body: { proveedor: w.proveedor, rut_proveedor: "76086428-5", numero_factura: `FZ${n}`, fecha: today(), monto_neto: 1000, tipo_dte: 33 } };
    case "PUT /api/facturas_guias/{id}":
      return { body: { estado_pago: "Pagado", fecha_pago: today(), observaciones_internas: "transferencia" } };
    case "GET /api/pagos_clientes/resumen":
      return { query: { presupuesto_id: String(w.quoteA) } };
    case "GET /api/resumen-materiales/detalle/{presupuestoNumber}":
      return { query: { presupuesto_id: String(w.quoteA) }, path: { presupuestoNumber: w.numeroA } };
    case "POST /api/rcv/compras":
      return { body: rcvExample(1000 + n) };
    case "POST /api/rcv/compras/{id}/registrar":
      return { body: { filas: w.rcv.soloSii }, path: { id: w.rcv.id } };
    case "PUT /api/facturas_guias/{id}/sii":
      return { body: { decision: n % 2 ? "aceptada" : "reclamada", motivo: n % 2 ? null : "RFP", comentario: text("Nota") } };
    case "GET /api/taller/resumen":
      return { query: { mes: "03", anio: "2026" } };
    default:
      return undefined;
  }
}

/** The ids a declared resource's references take in the world: people are the victims (never the fuzzer's own sessions), other records the world's (`ids` by resource: clienteA and its quoteA). */
function declaredRefs(r: AnyResource, victims: number[], ids: Record<string, number>): Record<string, number> {
  const refs: Record<string, number> = {};
  for (const [name, f] of Object.entries(r.fields)) if (f.input.kind === "reference") refs[name] = f.input.resource === "usuarios" ? victims[0] : ids[f.input.resource];
  return refs;
}

function rutDv(n: number): string {
  let sum = 0;
  let mul = 2;
  for (const d of String(n).split("").reverse()) {
    sum += Number(d) * mul;
    mul = mul === 7 ? 2 : mul + 1;
  }
  const r = 11 - (sum % 11);
  return r === 11 ? "0" : r === 10 ? "K" : String(r);
}
