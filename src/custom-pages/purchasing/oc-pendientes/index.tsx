// "OC Pendientes/Histórico de Compras" (/OCPendientePage, specification 2.6 items 3 and 4):
// two views on one route, both reachable from the Adquisiciones and the Bodega menus: the
// order list with its Excel export, and the pending orders with their arrivals (filters
// order number, supplier, code, material, observation; arrived quantity, unit price and
// comment edited per item and entered with the invoice).
import { useState } from "react";
import { Card, Segmented } from "antd";
import { Page } from "../../../components/Page";
import { useBanner } from "../../../components/useBanner";
import { ReceiptCards, type ReceiptFilters } from "../ordenes-compra/ReceiptCards";
import { ReceiptFilterForm } from "../ordenes-compra/ReceiptFilterForm";
import { OrdersList } from "./OrdersList";

type View = "Órdenes de compra" | "Pendientes / Llegadas";

export default function OCPendientePage() {
  const { banner, show, clear } = useBanner();
  const [view, setView] = useState<View>("Órdenes de compra");
  const [filters, setFilters] = useState<ReceiptFilters>({});
  return (
    <Page
      title="OC Pendientes/Histórico de Compras"
      banner={banner}
      onCloseBanner={clear}
      extra={<Segmented<View> aria-label="Vista" options={["Órdenes de compra", "Pendientes / Llegadas"]} value={view} onChange={setView} />}
    >
      {view === "Órdenes de compra" ? (
        <OrdersList show={show} />
      ) : (
        <>
          <Card>
            <ReceiptFilterForm onApply={setFilters} obraLabel="Observación" />
          </Card>
          <ReceiptCards filters={filters} show={show} />
        </>
      )}
    </Page>
  );
}
