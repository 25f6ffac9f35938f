// Where each Hoy card leads, already filtered (`?filtro=…`, read by the screen with the
// parameters of src/domain/hoy/links.ts). The server writes these links into the cards and
// the e-mailed digest (server/services/hoy), so they are built from the screens' declarations.
import { monthOf, type CardKey } from "../../../domain/hoy/rules";
import { linkTo, resourceLink } from "../../screens";

/** The link a card opens (screen and its filter). `first`: the most urgent item, for the payments card. */
export function cardLink(key: CardKey, today: string, first?: { presupuesto_id?: number }): string {
  const { periodo } = monthOf(today);
  switch (key) {
    case "aceptacion-sii":
      return linkTo("registro-compras-sii", { filtro: "por-aceptar" });
    case "facturas-por-pagar":
      return linkTo("facturas-estado", { filtro: "por-pagar" });
    case "saldos-clientes":
      return first?.presupuesto_id ? pagosLink(first.presupuesto_id) : linkTo("pagos-clientes");
    case "rectificaciones-vencidas":
      return linkTo("seguimiento-obras", { filtro: "rectificacion-vencida" });
    case "obras-detenidas":
      return linkTo("seguimiento-obras", { filtro: "detenidas" });
    case "obras-sin-pauta":
      return linkTo("seguimiento-obras", { filtro: "sin-pauta" });
    case "margen-negativo":
      return linkTo("resumen-obras", { filtro: "margen-negativo" });
    case "faltantes":
      return linkTo("stock-actual", { vista: "faltantes", filtro: "para-obras" });
    case "bajo-minimo":
      return linkTo("stock-actual", { bajo_stock: 1 });
    case "oc-atrasadas":
      return linkTo("oc-pendientes", { filtro: "atrasadas" });
    case "solicitudes-pendientes":
      return linkTo("bodega-solicitudes");
    case "presupuestos-mes":
      return resourceLink("presupuestos", { filtro: "mes" });
    case "presupuestos-sin-items":
      return resourceLink("presupuestos", { filtro: "sin-items" });
    case "aceptados-hoy":
      return resourceLink("presupuestos", { filtro: "aceptados-hoy" });
    case "utv-mes":
      return linkTo("seguimiento-utv", { periodo });
    case "planilla-faltante":
      return linkTo("trabajadores", { periodo });
  }
}

/** The link of one work's payments (an item of "Saldos por cobrar"). */
export function pagosLink(presupuestoId: number): string {
  return linkTo("pagos-clientes", { presupuesto: presupuestoId });
}
