// What the searchable Refine lists share: free-text search sent as `q` (the server's
// list convention), the inline "Buscar" form, and the "N clientes" total under the table.
import type { CrudFilters } from "@refinedev/core";
import { Button, Form, Input, type FormProps, type TablePaginationConfig } from "antd";

export interface SearchValues {
  q?: string;
}

/** useTable's onSearch: the typed text, trimmed, as the server's `q` parameter. */
export const searchByQ = ({ q }: SearchValues): CrudFilters => [{ field: "q", operator: "contains", value: q?.trim() || undefined }];

/** The table's pagination with a Spanish total ("1 cliente", "20 clientes"). */
export function withTotal(pagination: false | TablePaginationConfig | undefined, singular: string, plural = `${singular}s`) {
  if (pagination === false) return false;
  return { ...pagination, showTotal: (total: number) => `${total} ${total === 1 ? singular : plural}` };
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
