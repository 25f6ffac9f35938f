// How drawings are seen (Administración → Empresa, vista_dibujos): from outside until the
// company's answer says otherwise.
import { getEmpresa } from "../../custom-pages/platform/api/empresa";
import { platformKeys } from "../../custom-pages/platform/keys";
import { useApiQuery } from "../../data/query";
import { ELEVATION_VIEW_DEFAULT, type ElevationView } from "../../domain/sales/elevation";

export function useElevationView(): ElevationView {
  const empresa = useApiQuery(platformKeys.empresa(), getEmpresa, { failMessage: "No se pudo leer la vista de los dibujos", staleTime: 60_000 });
  return empresa.current?.vista_dibujos ?? ELEVATION_VIEW_DEFAULT;
}
