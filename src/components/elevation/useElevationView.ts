// How drawings are seen (Administración → Empresa, vista_dibujos): from outside until the
// company's answer says otherwise.
import { getEmpresa } from "../../api/empresa";
import { useApiQuery } from "../../api/query";
import { ELEVATION_VIEW_DEFAULT, type ElevationView } from "../../domain/sales/elevation";

export function useElevationView(): ElevationView {
  const empresa = useApiQuery(["empresa"], getEmpresa, { failMessage: "No se pudo leer la vista de los dibujos", staleTime: 60_000 });
  return empresa.current?.vista_dibujos ?? ELEVATION_VIEW_DEFAULT;
}
