// A resource's list page: the page header (title left, "Nuevo …" right), the "Buscar" box
// and a server-paged, sortable table (useSearchTable) that turns into cards on a phone
// (ResponsiveTable). A list page is then only its columns, built with ./columns:
//   <ResourceList<Cliente> resource="clientes" title="Clientes" createLabel="Nuevo cliente"
//     sort={{ field: "nombre", order: "asc" }} unit="cliente" searchPlaceholder="Nombre, RUT, correo…"
//     columns={[textColumn({ dataIndex: "nombre", title: "Nombre", width: 220, sorter: true }), …]}
//     card={{ title: (c) => c.nombre, fields: (c) => [{ label: "RUT", value: c.rut }] }} />
// It fits its card by design (./ListColumns): headers whole, the columns stepping back by
// their `priority` when the card is short, and «Columnas» to choose them.
import type { ReactNode } from "react";
import type { BaseRecord, CrudFilter, CrudSort } from "@refinedev/core";
import { CreateButton } from "@refinedev/antd";
import { Card, Flex, type TableProps } from "antd";
import type { ColumnsType } from "antd/es/table";
import { ListSearchForm, useSearchTable } from "./list-search";
import { useListColumns } from "./ListColumns";
import { Page } from "./Page";
import { ResponsiveTable, type CardSpec } from "./ResponsiveTable";
import "./page.css";

interface Props<T> {
  resource: string;
  title: string;
  createLabel: string;
  sort: CrudSort;
  /** What one row is, for the total ("1 cliente", "20 clientes"). */
  unit: string;
  searchPlaceholder: string;
  /** Extra table props (size). */
  table?: Pick<TableProps<T>, "size">;
  columns: ColumnsType<T>;
  /** How a record shows as a card under 576 px. */
  card: CardSpec<T>;
  /** Filters always applied (a home card's `?filtro=`), shown above the list by `notice`. */
  permanentFilters?: CrudFilter[];
  notice?: ReactNode;
}

export function ResourceList<T extends BaseRecord>({ resource, title, createLabel, sort, unit, searchPlaceholder, table, columns, card, permanentFilters, notice }: Props<T>) {
  const { tableProps, searchFormProps } = useSearchTable<T>(resource, sort, unit, undefined, permanentFilters);
  const fit = useListColumns<T>(resource, columns);
  return (
    <Page title={title} extra={<CreateButton type="primary">{createLabel}</CreateButton>}>
      {notice}
      <Card size="small">
        <Flex gap={8} wrap justify="space-between" align="start">
          <ListSearchForm formProps={searchFormProps} id={`${resource}-buscar`} placeholder={searchPlaceholder} />
          {fit.chooser}
        </Flex>
        <div ref={fit.measure}>
          <ResponsiveTable<T> {...tableProps} {...table} aria-label={title} columns={fit.columns} card={card} />
        </div>
      </Card>
    </Page>
  );
}
