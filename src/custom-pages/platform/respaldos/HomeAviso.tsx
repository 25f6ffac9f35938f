// The home's backup warning for Informático and Gerencia (the roles of Administración →
// Respaldos): no verified backup yet, or the newest older than 26 hours.
import { Alert, Button } from "antd";
import { Link } from "react-router";
import { useApiQuery } from "../../../data/query";
import { getRespaldos } from "../api/respaldos";
import { backupIsStale, MAX_BACKUP_AGE_HOURS } from "../../../domain/respaldos/rotation";
import { KEY } from "./useRespaldos";
import { formatAge } from "./format";
import { linkTo } from "../../screens";

export function HomeAviso() {
  const estado = useApiQuery(KEY, getRespaldos, { failMessage: "No se pudo leer el estado de los respaldos" }).current;
  if (!estado) return null;
  const last = estado.ultimo_verificado;
  const problems = [estado.ultimo_error, ...estado.advertencias.filter((w) => !w.startsWith("Todavía") && !w.startsWith("El último respaldo verificado"))].filter(Boolean);
  if (!backupIsStale(last ? new Date(last) : null, new Date()) && problems.length === 0) return null;
  const title = !last ? "No hay ningún respaldo verificado" : backupIsStale(new Date(last), new Date()) ? `El último respaldo verificado es de ${formatAge(last)} (más de ${MAX_BACKUP_AGE_HOURS} horas)` : "Revise los respaldos";
  return (
    <Alert
      className="vt-home__aviso"
      type="warning"
      showIcon
      role="alert"
      message={title}
      description={problems.length ? problems.join(" ") : "Si el disco del servidor falla, se pierde lo hecho desde el último respaldo."}
      action={
        <Link to={linkTo("respaldos")}>
          <Button size="small">Ver respaldos</Button>
        </Link>
      }
      style={{ margin: "16px 0" }}
    />
  );
}
