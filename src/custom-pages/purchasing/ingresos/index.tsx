// "Ingresos de Inventario" (/IngresosPage, menu "Ingreso de Facturas/Guias", specification
// 2.7, 4, 5, 8): filters (N° OC, supplier, code, material, work; the status box shows
// Pendiente) over the pending orders, one card each with its invoice inputs and "Ingresar".
import { useState } from "react";
import { Card } from "antd";
import { Page } from "../../../components/Page";
import { useBanner } from "../../../components/useBanner";
import { ReceiptCards, type ReceiptFilters } from "../ordenes-compra/ReceiptCards";
import { ReceiptFilterForm } from "../ordenes-compra/ReceiptFilterForm";

export default function IngresosPage() {
  const { banner, show, clear } = useBanner();
  const [filters, setFilters] = useState<ReceiptFilters>({});
  return (
    <Page title="Ingresos de Inventario" banner={banner} onCloseBanner={clear}>
      <Card>
        <ReceiptFilterForm onApply={setFilters} withStatus />
      </Card>
      <ReceiptCards filters={filters} show={show} />
    </Page>
  );
}
