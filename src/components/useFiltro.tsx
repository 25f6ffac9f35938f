// A screen opened from a home card ("Hoy") with `?filtro=…`: the filter named there if the
// screen knows it, and a notice that says what is shown with "Quitar filtro" (drops it
// from the address, so the screen is back to its own filters).
import { Alert, Button } from "antd";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";

export function useFiltro<K extends string>(known: Readonly<Record<K, string>>): { filtro: K | null; notice: ReactNode } {
  const [params, setParams] = useSearchParams();
  const raw = params.get("filtro");
  const filtro = raw !== null && Object.hasOwn(known, raw) ? (raw as K) : null;
  const notice = filtro ? (
    <Alert
      className="vt-filtro"
      type="info"
      showIcon
      message={`Filtro: ${known[filtro]}`}
      action={
        <Button
          size="small"
          onClick={() =>
            setParams(
              (p) => {
                const next = new URLSearchParams(p);
                next.delete("filtro");
                return next;
              },
              { replace: true },
            )
          }
        >
          Quitar filtro
        </Button>
      }
    />
  ) : null;
  return { filtro, notice };
}
