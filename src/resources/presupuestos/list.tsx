// Ventas → Presupuestos: find a quote by number, work name or client name (server-side
// search `q`), sorted and paged on the server.
import { CreateButton, EditButton, List, ShowButton, useTable } from "@refinedev/antd";
import type { CrudFilters } from "@refinedev/core";
import { Button, Form, Input, Space, Table } from "antd";
import { formatCLP, formatDate } from "../../domain/format";
import type { Presupuesto } from "./shared/api";
import "./shared/sales.css";

interface SearchValues {
  q?: string;
}

export default function PresupuestosList() {
  const { tableProps, searchFormProps } = useTable<Presupuesto, never, SearchValues>({
    resource: "presupuestos",
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: "fecha", order: "desc" }] },
    onSearch: ({ q }): CrudFilters => [{ field: "q", operator: "contains", value: q?.trim() || undefined }],
  });

  return (
    <List title="Presupuestos" headerButtons={<CreateButton>Nuevo presupuesto</CreateButton>}>
      <Form {...searchFormProps} layout="inline" role="search" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="q" label="Buscar" htmlFor="presupuestos-buscar" style={{ marginInlineEnd: 8 }}>
          <Input
            id="presupuestos-buscar"
            placeholder="Número, obra o cliente"
            allowClear
            style={{ width: 280, maxWidth: "100%" }}
          />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit">Buscar</Button>
        </Form.Item>
      </Form>
      <Table<Presupuesto>
        {...tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: "max-content" }}
        pagination={
          tableProps.pagination === false
            ? false
            : { ...tableProps.pagination, showTotal: (total) => `${total} presupuesto${total === 1 ? "" : "s"}` }
        }
      >
        <Table.Column<Presupuesto> dataIndex="numero" title="Número" sorter className="vt-nowrap" render={(v: string) => `#${v}`} />
        <Table.Column<Presupuesto> dataIndex="cliente_nombre" title="Cliente" sorter />
        <Table.Column<Presupuesto> dataIndex="nombre_obra" title="Obra" sorter render={(v: string | null) => v || "—"} />
        <Table.Column<Presupuesto> dataIndex="fecha" title="Fecha" sorter className="vt-nowrap" render={(v: string) => formatDate(v)} />
        <Table.Column<Presupuesto>
          dataIndex="total_neto_presupuestado"
          title="Neto presupuestado"
          sorter
          align="right"
          className="vt-nowrap"
          render={(v: number) => formatCLP(v)}
        />
        <Table.Column<Presupuesto>
          title="Acciones"
          dataIndex="actions"
          render={(_, record) => (
            <Space size={4}>
              <ShowButton size="small" recordItemId={record.id} aria-label={`Ver presupuesto ${record.numero}`}>
                Ver
              </ShowButton>
              <EditButton size="small" recordItemId={record.id} aria-label={`Editar presupuesto ${record.numero}`}>
                Editar
              </EditButton>
            </Space>
          )}
        />
      </Table>
    </List>
  );
}
