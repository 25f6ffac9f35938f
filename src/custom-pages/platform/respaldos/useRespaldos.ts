// The Respaldos screen's reads and writes: the state (asked again every 3 s while a backup
// runs, so its end and verification show up by themselves), a backup now, the settings.
import { useApiQuery, useWrite } from "../../../data/query";
import { useBusy } from "../../../components/useBusy";
import { getRespaldos, guardarAjustesRespaldo, respaldarAhora, type EstadoRespaldos } from "../api/respaldos";
import type { AjustesRespaldo } from "../../../domain/respaldos/schemas";
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
  const write = useWrite();
  const { busy, during } = useBusy();
  // A write, then the state read again; `pending` names the writes under way (their buttons spin).
  const save = <T,>(what: "ahora" | "ajustes", call: () => Promise<T>) => during(what, () => write(call, { invalidates: [KEY] }));
  return {
    estado,
    backupNow: () => save("ahora", respaldarAhora),
    saveAjustes: (values: AjustesRespaldo) => save("ajustes", () => guardarAjustesRespaldo(values)),
    pending: busy,
  };
}
