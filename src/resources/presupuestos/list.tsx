// Ventas → Presupuestos: find a quote by number, work name or client name (server-side
// search `q`), sorted and paged on the server.
import { CreateButton, EditButton, List, ShowButton, useTable } from "@refinedev/antd";
import { ListSearchForm, searchByQ, withTotal, type SearchValues } from "../../components/list-search";
import { Space, Table } from "antd";
import { formatCLP, formatDate } from "../../domain/format";
import type { Presupuesto } from "../../api/sales";
import "../../components/page.css";

export default function PresupuestosList() {
  const { tableProps, searchFormProps } = useTable<Presupuesto, never, SearchValues>({
    resource: "presupuestos",
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: "fecha", order: "desc" }] },
    onSearch: searchByQ,
  });

  return (
    <List title="Presupuestos" headerButtons={<CreateButton>Nuevo presupuesto</CreateButton>}>
      <ListSearchForm formProps={searchFormProps} id="presupuestos-buscar" placeholder="Número, obra o cliente" />
      <Table<Presupuesto>
        {...tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: "max-content" }}
        pagination={withTotal(tableProps.pagination, "presupuesto")}
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
