// A specification screen of a declared resource, rendered from its declaration: the
// form of its fields (the same inputs and zod rules as its create page) under the screen's
// own title, button and messages (specification section 9: "Guardando..." and disabled
// while saving, the success message gone after 3 s, the server's field errors under the
// inputs), and, when the screen lists the records too (`list`), a server-paged, sorted and
// searched table whose «Editar» loads a record into the form, which then saves its changes
// (with its «Historial» tab). ?id=N (the global search) opens that record for editing.
//   <DeclaredEntryScreen name="clientes" title="Ingreso de Cliente" save="Guardar Cliente" … />
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Button, Card, Form, Input } from "antd";
import { declaredResource } from "../../domain/resources/registry";
import { newLabel } from "../../domain/resources/define-resource";
import { api } from "../../providers/api";
import { actionsColumn } from "../../components/columns";
import { withTotal } from "../../components/list-search";
import { Page } from "../../components/Page";
import { FitTable } from "../../components/ResponsiveTable";
import { useBanner } from "../../components/useBanner";
import { showFieldErrors } from "../../components/zod-rule";
import { WithHistory } from "../../custom-pages/platform/auditoria/WithHistory";
import { bodyOf, declaredColumns, DeclaredFormItems, formValuesOf, valueText, type Row } from "./fields";
import { useApiQuery, useWrite } from "../../data/query";

export interface EntryScreenProps {
  /** The declared resource (src/domain/resources/registry). */
  name: string;
  /** The screen's title, the form's name, its button and its two messages (the specification's). */
  title: string;
  form: string;
  save: string;
  saved: string;
  failed: string;
  /** A form-only screen: narrow, its button full width on a phone. */
  narrow?: boolean;
  /** The records under the form: the card's title, the search box's label and placeholder, rows per page. */
  list?: { title: string; search: string; placeholder: string; pageSize: number };
}

export default function DeclaredEntryScreen({ name, title, form: formName, save, saved, failed, narrow, list }: EntryScreenProps) {
  const r = declaredResource(name)!;
  const fields = Object.keys(r.fields);
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<Row | null>(null);
  const [saving, setSaving] = useState(false);
  const write = useWrite();
  const { banner, show, clear } = useBanner();
  const { tableProps, setFilters, tableQuery } = useTable<Row, HttpError>({
    resource: r.name,
    syncWithLocation: false,
    pagination: { pageSize: list?.pageSize ?? 10 },
    sorters: { initial: [{ field: r.sort ?? r.title, order: "asc" }] },
    queryOptions: { enabled: list !== undefined },
  });

  const startEdit = (row: Row) => {
    setEditing(row);
    form.setFieldsValue(formValuesOf(r, row));
    clear();
    window.scrollTo({ top: 0, behavior: "smooth" });
  };

  const [params] = useSearchParams();
  const askedId = Number(params.get("id"));
  // ?id=N (a search result): that record opens in the form.
  const asked = useApiQuery([r.name, "editar", askedId], () => api.get<Row>(`/${r.name}/${askedId}`).then(({ data }) => data), {
    failMessage: `No se pudo cargar ${r.feminine ? "la" : "el"} ${r.singular}`,
    enabled: !!list && Number.isSafeInteger(askedId) && askedId > 0,
  }).current;
  useEffect(() => {
    if (asked) startEdit(asked);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);

  const reset = () => {
    setEditing(null);
    form.resetFields();
  };

  const onFinish = async (values: Record<string, unknown>) => {
    if (saving) return;
    setSaving(true);
    show(null);
    try {
      const body = bodyOf(r, values);
      // Every read of the resource is asked again: this screen's list, Refine's pages, the pickers' suggestions.
      await write(() => (editing ? api.put(`/${r.name}/${editing.id}`, body) : api.post(`/${r.name}`, body)), { invalidates: [[r.name]] });
      reset();
      show({ type: "success", message: saved });
    } catch (error) {
      console.error(failed, error);
      show({ type: "error", message: failed, description: showFieldErrors(form, error, fields) });
    } finally {
      setSaving(false);
    }
  };

  const named = (row: Row) => valueText(r, r.title, row) ?? String(row.id);
  const label = editing ? "Guardar cambios" : save;
  const entry = (
    <Form form={form} name={formName} layout="vertical" onFinish={onFinish} requiredMark disabled={saving}>
      <DeclaredFormItems resource={r} />
      <div className={`vt-actions vt-actions--end${narrow ? " vt-actions--stack" : ""}`}>
        {editing && (
          <Button onClick={reset} disabled={saving}>
            Cancelar edición
          </Button>
        )}
        <Button type="primary" htmlType="submit" disabled={saving} loading={saving}>
          {saving ? "Guardando..." : label}
        </Button>
      </div>
    </Form>
  );

  return (
    <Page title={title} narrow={narrow} banner={banner} onCloseBanner={clear}>
      {list ? (
        <Card title={editing ? `Editar ${r.singular}: ${named(editing)}` : newLabel(r)}>
          <WithHistory entidad={r.name} entidadId={editing?.id}>
            {entry}
          </WithHistory>
        </Card>
      ) : (
        <Card>{entry}</Card>
      )}
      {list && (
        <Card title={list.title}>
          <Input.Search
            aria-label={list.search}
            placeholder={list.placeholder}
            allowClear
            enterButton="Buscar"
            style={{ maxWidth: 420, marginBottom: 12 }}
            onSearch={(q) => setFilters([{ field: "q", operator: "contains", value: q.trim() || undefined }], "replace")}
          />
          <FitTable<Row>
            {...tableProps}
            rowKey="id"
            size="middle"
            pagination={withTotal(tableProps.pagination, r.singular, r.plural, tableQuery.data?.totalCapped === true)}
            columns={[
              ...declaredColumns(r),
              actionsColumn<Row>(
                (_, row) => (
                  <Button size="small" onClick={() => startEdit(row)} aria-label={`Editar ${named(row)}`}>
                    Editar
                  </Button>
                ),
                { width: 90 },
              ),
            ]}
          />
        </Card>
      )}
    </Page>
  );
}
