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
import proveedoresRoutes from "./purchasing/proveedores";
import ordenesCompraRoutes from "./purchasing/ordenes-compra";
import itemsOcRoutes from "./purchasing/items-oc";
import ingresarFacturaRoutes from "./purchasing/ingresar-factura";

export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(usuariosRoutes);
  await app.register(clientesRoutes);
  await app.register(presupuestosRoutes);
  await app.register(itemsPresupuestoRoutes);
  await app.register(materialesRoutes);
  await app.register(otPautasRoutes);
  await app.register(stockReservadoRoutes);
  await app.register(proveedoresRoutes);
  await app.register(ordenesCompraRoutes);
  await app.register(itemsOcRoutes);
  await app.register(ingresarFacturaRoutes);
}
