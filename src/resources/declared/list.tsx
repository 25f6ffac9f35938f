// A declared resource's list (src/domain/resources): its columns from the fields, server
// paging and sort, «Buscar» (q), its declared filters and named filters, «Exportar Excel»
// of the filtered list, and one card per record on a phone. It fits its card by design
// (issue 32): row buttons are icons (tooltip and aria-label), the columns step back by
// their priority when the card is short and «Columnas» lets each person choose them
// (src/components/ListColumns).
import { useState } from "react";
import type { CrudFilter, CrudFilters, HttpError } from "@refinedev/core";
import { CreateButton, useTable } from "@refinedev/antd";
import { App, Button, Card, Checkbox, Form, Input, InputNumber, Select, Space } from "antd";
import { declaredResource } from "../../domain/resources/registry";
import { keyOf, listTitle, newLabel, type AnyResource } from "../../domain/resources/define-resource";
import { actionsColumn } from "../../components/columns";
import { DateField } from "../../components/DateField";
import { useListColumns } from "../../components/ListColumns";
import { Page } from "../../components/Page";
import { ResponsiveTable } from "../../components/ResponsiveTable";
import { withTotal } from "../../components/list-search";
import { declaredColumns, valueText, type Row } from "./fields";
import { ReferencePicker } from "./ReferencePicker";
import { useRowActions } from "./row-actions";
import "../../components/page.css";

type Values = Record<string, unknown>;

/** The filter form's values as the list's filters (empty ones clear theirs). */
function filtersOf(r: AnyResource, v: Values): CrudFilters {
  const out: CrudFilter[] = [{ field: "q", operator: "contains", value: (v.q as string | undefined)?.trim() || undefined }];
  for (const [name, f] of Object.entries(r.fields)) {
    if (!f.filter) continue;
    const k = f.input.kind;
    if (k === "text" || k === "rut") out.push({ field: name, operator: "contains", value: (v[name] as string | undefined)?.trim() || undefined });
    else if (k === "select" || k === "reference" || k === "boolean") out.push({ field: name, operator: "eq", value: v[name] ?? undefined });
    else if (k === "timestamp" || k === "password") continue;
    else {
      out.push({ field: name, operator: "gte", value: v[`${name}__desde`] ?? undefined });
      out.push({ field: name, operator: "lte", value: v[`${name}__hasta`] ?? undefined });
    }
  }
  for (const name of Object.keys(r.filters ?? {})) out.push({ field: name, operator: "eq", value: v[name] ? "true" : undefined });
  return out;
}

function FilterInputs({ r }: { r: AnyResource }) {
  const items = [];
  for (const [name, f] of Object.entries(r.fields)) {
    if (!f.filter) continue;
    const k = f.input.kind;
    const id = `${r.name}-filtro-${name}`;
    if (k === "text" || k === "rut")
      items.push(<Form.Item key={name} name={name} label={f.label} htmlFor={id}><Input id={id} allowClear style={{ width: 160 }} /></Form.Item>);
    else if (k === "boolean")
      items.push(<Form.Item key={name} name={name} label={f.column ?? f.label}><Select allowClear aria-label={f.column ?? f.label} style={{ width: 140 }} options={[{ value: "true", label: f.input.yes }, { value: "false", label: f.input.no }]} /></Form.Item>);
    else if (k === "timestamp" || k === "password") continue;
    else if (k === "select")
      items.push(<Form.Item key={name} name={name} label={f.label}><Select allowClear aria-label={f.label} style={{ width: 160 }} options={f.input.options.map((o) => ({ value: o, label: o }))} /></Form.Item>);
    else if (k === "reference")
      items.push(<Form.Item key={name} name={name} label={f.label} htmlFor={id}><div style={{ width: 200 }}><ReferencePicker id={id} resource={f.input.resource} label={f.input.label} viaList={f.input.picker === "list"} allowClear /></div></Form.Item>);
    else
      for (const [end, word] of [["desde", "desde"], ["hasta", "hasta"]] as const)
        items.push(
          <Form.Item key={`${name}-${end}`} name={`${name}__${end}`} label={`${f.label} ${word}`} htmlFor={`${id}-${end}`}>
            {k === "date" ? <DateField id={`${id}-${end}`} allowClear /> : <InputNumber id={`${id}-${end}`} style={{ width: 110 }} />}
          </Form.Item>,
        );
  }
  return <>{items}</>;
}

export default function DeclaredList({ name }: { name: string }) {
  const r = declaredResource(name)!;
  const { message } = App.useApp();
  const [more, setMore] = useState(false);
  const [exporting, setExporting] = useState(false);
  const title = listTitle(r);
  const { tableProps, searchFormProps, filters, sorters, tableQuery } = useTable<Row, HttpError, Values>({
    resource: r.name,
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: r.sort ?? r.title, order: r.order ?? "asc" }] },
    onSearch: (v) => filtersOf(r, v),
  });

  const actions = useRowActions(r);
  const fit = useListColumns<Row>(r.name, [...declaredColumns(r), actionsColumn<Row>((_, row) => actions(row, true), { width: 108 })]);
  // A phone card shows what the table lists, computed columns included (an invoice's Vencimiento and Estado).
  const listed = [...Object.entries(r.fields), ...Object.entries(r.computed ?? {})].filter(([, f]) => f.list);

  const exportExcel = async () => {
    setExporting(true);
    try {
      const { exportDeclaredList } = await import("./export-excel");
      const done = await exportDeclaredList(r, filters, sorters);
      if (done.cut) message.warning(`Se exportaron las primeras ${done.rows} filas: acote la búsqueda para exportar el resto.`);
    } catch (error) {
      console.error(error);
      message.error("No se pudo exportar la lista.");
    } finally {
      setExporting(false);
    }
  };

  const searched = Object.values(r.fields).filter((f) => f.search).map((f) => f.label.toLowerCase());
  return (
    <Page title={title} extra={<CreateButton type="primary" resource={r.name}>{newLabel(r)}</CreateButton>}>
      <Card size="small">
        <Form {...searchFormProps} layout="inline" role="search" style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item name="q" label="Buscar" htmlFor={`${r.name}-buscar`}>
            <Input id={`${r.name}-buscar`} placeholder={r.searchPlaceholder ?? `${searched.join(", ")}…`} allowClear style={{ width: 240, maxWidth: "100%" }} />
          </Form.Item>
          {Object.entries(r.filters ?? {}).map(([f, d]) => (
            <Form.Item key={f} name={f} valuePropName="checked">
              <Checkbox>{d.label}</Checkbox>
            </Form.Item>
          ))}
          {more && <FilterInputs r={r} />}
          <Form.Item>
            <Space wrap>
              <Button htmlType="submit">Buscar</Button>
              <Button onClick={() => setMore((m) => !m)} aria-expanded={more}>{more ? "Menos filtros" : "Más filtros"}</Button>
              <Button onClick={() => void exportExcel()} loading={exporting}>Exportar Excel</Button>
              {fit.chooser}
            </Space>
          </Form.Item>
        </Form>
        <div ref={fit.measure}>
        <ResponsiveTable<Row>
          {...tableProps}
          rowKey={keyOf(r)}
          scroll={undefined}
          pagination={withTotal(tableProps.pagination, r.singular, r.plural, tableQuery.data?.totalCapped === true)}
          aria-label={title}
          columns={fit.columns}
          card={{
            title: (row) => valueText(r, r.title, row),
            fields: (row) => listed.filter(([n]) => n !== r.title).map(([n, f]) => ({ label: f.label, value: valueText(r, n, row) ?? "—" })),
            actions: (row) => actions(row),
          }}
        />
        </div>
      </Card>
    </Page>
  );
}
