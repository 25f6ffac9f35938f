// "Stock Actual" (/StockActual), specification 2.5, 4 and 9, in the Bodega, Oficina
// Técnica and Adquisiciones menus: the products with current, reserved and available
// stock (tab "Stock") and the shortages purchasing turns into orders (tab "Faltantes",
// ?vista=faltantes).
import { useSearchParams } from "react-router";
import { Tabs } from "antd";
import { Page } from "../../../components/Page";
import { Faltantes } from "./Faltantes";
import { StockTable } from "./StockTable";
import "./stock-actual.css";

export default function StockActualPage() {
  const [params, setParams] = useSearchParams();
  const vista = params.get("vista") === "faltantes" ? "faltantes" : "stock";
  const codigo = params.get("codigo") ?? undefined;
  return (
    <Page title="Stock Actual" subtitle="Stock actual, reservado por las obras activas y disponible. Haga clic en una fila para ver sus reservas.">
      <Tabs
        activeKey={vista}
        onChange={(key) => setParams(key === "faltantes" ? { vista: "faltantes" } : {}, { replace: true })}
        destroyOnHidden
        items={[
          { key: "stock", label: "Stock", children: <StockTable key={codigo} codigo={codigo} /> },
          { key: "faltantes", label: "Faltantes", children: <Faltantes /> },
        ]}
      />
    </Page>
  );
}
