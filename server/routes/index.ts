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
import tallerRoutes from "./workshop/taller";
import trabajadoresRoutes from "./workshop/trabajadores";
import inventarioRoutes from "./inventory/inventario";
import ajusteStockRoutes from "./inventory/ajuste-stock";
import salidasRoutes from "./inventory/salidas";
import solicitudesRoutes from "./inventory/solicitudes";
import proveedoresRoutes from "./purchasing/proveedores";
import ordenesCompraRoutes from "./purchasing/ordenes-compra";
import itemsOcRoutes from "./purchasing/items-oc";
import ingresarFacturaRoutes from "./purchasing/ingresar-factura";
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
  await app.register(tallerRoutes);
  await app.register(trabajadoresRoutes);
  await app.register(inventarioRoutes);
  await app.register(ajusteStockRoutes);
  await app.register(salidasRoutes);
  await app.register(solicitudesRoutes);
  await app.register(proveedoresRoutes);
  await app.register(ordenesCompraRoutes);
  await app.register(itemsOcRoutes);
  await app.register(ingresarFacturaRoutes);
  await app.register(seguimientoObrasRoutes);
  await app.register(resumenMaterialesRoutes);
  await app.register(facturasGuiasRoutes);
  await app.register(pagosClientesRoutes);
}
