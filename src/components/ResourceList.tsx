// A resource's list page: the title, "Nuevo …" button, the "Buscar" box and a server-paged,
// sortable table (useSearchTable). A list page is then only its columns:
//   <ResourceList<Cliente> resource="clientes" title="Clientes" createLabel="Nuevo cliente"
//     sort={{ field: "nombre", order: "asc" }} unit="cliente" searchPlaceholder="Nombre, RUT, correo…">
//     <Table.Column<Cliente> dataIndex="nombre" title="Nombre" sorter />
//   </ResourceList>
import type { ReactNode } from "react";
import type { BaseRecord, CrudFilter, CrudSort } from "@refinedev/core";
import { CreateButton, List } from "@refinedev/antd";
import { Table, type TableProps } from "antd";
import { ListSearchForm, useSearchTable } from "./list-search";
import "./page.css";

interface Props<T> {
  resource: string;
  title: string;
  createLabel: string;
  sort: CrudSort;
  /** What one row is, for the total ("1 cliente", "20 clientes"). */
  unit: string;
  searchPlaceholder: string;
  /** Extra table props (size, layout). */
  table?: Pick<TableProps<T>, "size" | "tableLayout">;
  /** Filters always applied (a home card's `?filtro=`), shown above the list by `notice`. */
  permanentFilters?: CrudFilter[];
  notice?: ReactNode;
  children: ReactNode;
}

export function ResourceList<T extends BaseRecord>({ resource, title, createLabel, sort, unit, searchPlaceholder, table, permanentFilters, notice, children }: Props<T>) {
  const { tableProps, searchFormProps } = useSearchTable<T>(resource, sort, unit, undefined, permanentFilters);
  return (
    <List title={title} headerButtons={<CreateButton>{createLabel}</CreateButton>}>
      {notice}
      <ListSearchForm formProps={searchFormProps} id={`${resource}-buscar`} placeholder={searchPlaceholder} />
      <Table<T> {...tableProps} {...table}>
        {children}
      </Table>
    </List>
  );
}
