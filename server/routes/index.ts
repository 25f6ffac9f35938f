// Every API area registers here (prefix /api).
import type { FastifyInstance } from "fastify";
import authRoutes from "./auth";
import usuariosRoutes from "./usuarios";
import clientesRoutes from "./sales/clientes";
import presupuestosRoutes from "./sales/presupuestos";
import itemsPresupuestoRoutes from "./sales/items-presupuesto";
import materialesRoutes from "./inventory/materiales";
import otPautasRoutes from "./pautas/ot-pautas";
import stockReservadoRoutes from "./pautas/stock-reservado";
import seguimientoObrasRoutes from "./operations/seguimiento-obras";
import resumenMaterialesRoutes from "./operations/resumen-materiales";
import facturasGuiasRoutes from "./operations/facturas-guias";
import pagosClientesRoutes from "./operations/pagos-clientes";

export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(usuariosRoutes);
  await app.register(clientesRoutes);
  await app.register(presupuestosRoutes);
  await app.register(itemsPresupuestoRoutes);
  await app.register(materialesRoutes);
  await app.register(otPautasRoutes);
  await app.register(stockReservadoRoutes);
  await app.register(seguimientoObrasRoutes);
  await app.register(resumenMaterialesRoutes);
  await app.register(facturasGuiasRoutes);
  await app.register(pagosClientesRoutes);
}
