// Operaciones → Listado de Pagos: client payments (specification sections 4, 7 and 9). The
// amount is with VAT, whole pesos; the quote must be the client's; an empty date is today.
// The spec's own screen /PagosClientesPage (quote pickers, summary) registers them too.
import { RESOURCE_META } from "../resources/menu";
import { DATE, defineResource, MONEY, reference, TEXT } from "../resources/define-resource";
import { idField, nullableNumber, optionalIsoDate, optionalText } from "../fields";
import { addDays, todayInSantiago } from "../dates/dates";
import { MSG_MONTO_ENTERO, MSG_MONTO_NEGATIVO, MSG_SELECCIONE_CLIENTE, MSG_SELECCIONE_PRESUPUESTO } from "../sales/schemas";

export const MSG_PAGO_CLIENTE_PRESUPUESTO = "El presupuesto no es de ese cliente o no existe.";
export const PAGO_ESTADOS = ["Anticipo", "Abono", "Pago final", "Pagado"] as const;

const monto = nullableNumber({ negativeMessage: MSG_MONTO_NEGATIVO, integer: true, integerMessage: MSG_MONTO_ENTERO, max: 1e13 }).refine((v) => v !== null && v > 0, "El monto debe ser mayor que 0");

export const pagosClientes = defineResource(RESOURCE_META.pagos_clientes, {
  fields: {
    cliente_id: { label: "Cliente", schema: idField(MSG_SELECCIONE_CLIENTE), input: reference("clientes", "nombre"), list: 180, priority: "needed", sort: true, search: true, filter: true, required: true },
    presupuesto_id: {
      label: "Presupuesto",
      schema: idField(MSG_SELECCIONE_PRESUPUESTO),
      input: reference("presupuestos", "numero", { within: { field: "cliente_id", message: MSG_PAGO_CLIENTE_PRESUPUESTO }, picker: "list" }),
      list: 116,
      sort: true,
      search: true,
      filter: true,
      required: true,
    },
    fecha_pago: { label: "Fecha", schema: optionalIsoDate(), input: DATE, list: 110, priority: "needed", sort: true, filter: true, filled: true, example: (n) => addDays(todayInSantiago(), -n) },
    monto: { label: "Monto (con IVA)", schema: monto, input: MONEY, list: 136, priority: "needed", sort: true, filter: true, required: true },
    estado: { label: "Estado", schema: optionalText(30), input: TEXT, list: 100, priority: "extra", sort: true, search: true, filter: true, example: (n) => PAGO_ESTADOS[n % PAGO_ESTADOS.length] },
    observacion: { label: "Observación", schema: optionalText(2000), input: TEXT, list: 160, search: true },
  },
  computed: { nombre_obra: { label: "Obra", input: TEXT, list: 150, priority: "needed", search: true, from: { reference: "presupuesto_id", column: "nombre_obra" } } },
  title: "observacion",
  sort: "fecha_pago",
  order: "desc",
  searchPlaceholder: "Cliente, presupuesto, obra u observación…",
});
