// Editing a quote the client already accepted through its link (issue 34): the person
// confirms first; the server records the change as made after the acceptance.
import type { HookAPI } from "antd/es/modal/useModal";
import { formatDate } from "../../../domain/format";

export function confirmAccepted(modal: HookAPI, aceptadoFecha: string, proceed: () => void): void {
  void modal.confirm({
    title: "Este presupuesto ya fue aceptado por el cliente",
    content: `El cliente lo aceptó el ${formatDate(aceptadoFecha)}. El cambio quedará registrado como hecho después de su aceptación; la versión firmada no cambia. ¿Guardar de todos modos?`,
    okText: "Guardar de todos modos",
    cancelText: "Cancelar",
    onOk: proceed,
  });
}
