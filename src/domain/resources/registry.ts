// Every declared resource (src/domain/<area>/<entity>.resource.ts): the server registers
// their routes from this list, the web its pages, the generic tests and
// the fuzzer run over it. Adding a resource is one line here (and its entry in ./menu.ts).
import type { AnyResource } from "./define-resource";
import { vehiculos } from "../operations/vehiculos.resource";
import { clientes } from "../sales/clientes.resource";
import { proveedores } from "../purchasing/proveedores.resource";
import { pagosClientes } from "../operations/pagos-clientes.resource";
import { usuarios } from "../usuarios/usuarios.resource";
import { facturasGuias } from "../operations/facturas-guias.resource";
import { materiales } from "../inventory/materiales.resource";

export const DECLARED_RESOURCES: readonly AnyResource[] = [vehiculos, clientes, proveedores, facturasGuias, pagosClientes, usuarios, materiales];

export function declaredResource(name: string | undefined): AnyResource | undefined {
  return DECLARED_RESOURCES.find((r) => r.name === name);
}

