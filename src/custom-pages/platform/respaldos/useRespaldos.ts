// The Respaldos screen's reads and writes: the state (asked again every 3 s while a backup
// runs, so its end and verification show up by themselves), a backup now, the settings.
import { useApiMutation, useApiQuery } from "../../../data/query";
import { getRespaldos, guardarAjustesRespaldo, respaldarAhora, type EstadoRespaldos } from "../api/respaldos";
import { useEffect } from "react";

export const KEY = ["respaldos"];

export function useRespaldos() {
  const estado = useApiQuery<EstadoRespaldos>(KEY, getRespaldos, { failMessage: "No se pudieron cargar los respaldos" });
  const running = estado.latest?.en_curso === true;
  const { refetch } = estado;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void refetch(), 3000);
    return () => clearInterval(timer);
  }, [running, refetch]);
  const ahora = useApiMutation(respaldarAhora, [KEY]);
  const ajustes = useApiMutation(guardarAjustesRespaldo, [KEY]);
  return { estado, ahora, ajustes };
}
