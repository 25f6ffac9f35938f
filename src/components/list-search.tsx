// What the searchable Refine lists share: one hook for the table (server paging of 20,
// sort, free-text search sent as `q`, the "N clientes" total under the table) and the
// inline "Buscar" form. A list page is then its columns.
//   const { tableProps, searchFormProps } = useSearchTable<Cliente>("clientes", { field: "nombre", order: "asc" }, "cliente");
import type { BaseRecord, CrudFilter, CrudFilters, CrudSort, HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Button, Form, Input, type FormProps, type TablePaginationConfig } from "antd";
import { totalText } from "../domain/format/total";

export interface SearchValues {
  q?: string;
}

/** useTable's onSearch: the typed text, trimmed, as the server's `q` parameter. */
export const searchByQ = ({ q }: SearchValues): CrudFilters => [{ field: "q", operator: "contains", value: q?.trim() || undefined }];

/** The table's pagination with a Spanish total ("1 cliente", "20 clientes", "más de 1.000 clientes" when the count was capped: the data provider's totalCapped). */
export function withTotal(pagination: false | TablePaginationConfig | undefined, singular: string, plural = `${singular}s`, capped = false): false | TablePaginationConfig {
  if (pagination === false) return false;
  return { ...pagination, showTotal: (total: number) => totalText(total, capped, singular, plural) };
}

/** A resource's list: 20 rows a page from the server, `sort` first, searched with `q`, its total named `singular`/`plural`. */
export function useSearchTable<T extends BaseRecord>(resource: string, sort: CrudSort, singular: string, plural?: string, permanent?: CrudFilter[]) {
  const { tableProps, searchFormProps, tableQuery } = useTable<T, HttpError, SearchValues>({
    resource,
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    sorters: { initial: [sort] },
    filters: permanent ? { permanent } : undefined,
    onSearch: searchByQ,
  });
  return {
    tableProps: { ...tableProps, rowKey: "id", scroll: undefined, pagination: withTotal(tableProps.pagination, singular, plural, tableQuery.data?.totalCapped === true) },
    searchFormProps,
  };
}

/** Inline "Buscar" box and button over a list. */
export function ListSearchForm({ formProps, id, placeholder }: { formProps: FormProps; id: string; placeholder: string }) {
  return (
    <Form {...formProps} layout="inline" role="search" style={{ marginBottom: 16, rowGap: 8 }}>
      <Form.Item name="q" label="Buscar" htmlFor={id} style={{ marginInlineEnd: 8 }}>
        <Input id={id} placeholder={placeholder} allowClear style={{ width: 280, maxWidth: "100%" }} />
      </Form.Item>
      <Form.Item>
        <Button htmlType="submit">Buscar</Button>
      </Form.Item>
    </Form>
  );
}
