// A declared resource's create and edit pages: its fields' inputs, validated with the same
// zod fields as the server; a refusal's field messages land under the inputs (Refine).
import { Create, Edit, useForm } from "@refinedev/antd";
import { useNavigation } from "@refinedev/core";
import { Form } from "antd";
import { declaredResource } from "../../domain/resources/registry";
import { newLabel, type AnyResource } from "../../domain/resources/define-resource";
import { PageTitle } from "../../components/PageTitle";
import { WithHistory } from "../../custom-pages/platform/auditoria/WithHistory";
import { bodyOf, DeclaredFormItems, initialValues, rowKey, valueText, type Row } from "./fields";

function useDeclaredForm(r: AnyResource, action: "create" | "edit") {
  const singular = r.singular.charAt(0).toUpperCase() + r.singular.slice(1);
  const { list, show } = useNavigation();
  // Refine redirects by the answer's id: a resource keyed by a field (a product's code) is sent on by its key.
  const keyed = r.key !== undefined;
  return useForm<Row>({
    resource: r.name,
    action,
    redirect: keyed ? false : (r.redirect ?? "show"),
    onMutationSuccess: keyed ? ({ data }) => (r.redirect === "list" ? list(r.name) : show(r.name, String(rowKey(r, data)))) : undefined,
    successNotification: () => ({ key: `${action}-${r.name}-notification`, type: "success", message: action === "create" ? `${singular} ${r.feminine ? "creada" : "creado"} correctamente` : `${singular} guardado correctamente` }),
    errorNotification: (error) => ({ type: "error", message: error?.message ?? `Error al guardar ${r.feminine ? "la" : "el"} ${r.singular}` }),
  });
}

export function DeclaredCreate({ name }: { name: string }) {
  const r = declaredResource(name)!;
  const { formProps, saveButtonProps } = useDeclaredForm(r, "create");
  return (
    <Create title={<PageTitle>{newLabel(r)}</PageTitle>} saveButtonProps={{ ...saveButtonProps, children: "Guardar" }} breadcrumb={false} headerButtons={() => null}>
      <Form {...formProps} initialValues={initialValues(r)} layout="vertical" style={{ maxWidth: 760 }} onFinish={(v) => formProps.onFinish?.(bodyOf(r, v as Record<string, unknown>))}>
        <DeclaredFormItems resource={r} />
      </Form>
    </Create>
  );
}

export function DeclaredEdit({ name }: { name: string }) {
  const r = declaredResource(name)!;
  const { formProps, saveButtonProps, query } = useDeclaredForm(r, "edit");
  const row = query?.data?.data;
  return (
    <Edit
      title={<PageTitle>{row ? `Editar ${r.singular}: ${valueText(r, r.title, row)}` : `Editar ${r.singular}`}</PageTitle>}
      saveButtonProps={{ ...saveButtonProps, children: "Guardar" }}
      canDelete={false}
      breadcrumb={false}
      headerButtons={() => null}
    >
      <WithHistory entidad={r.name} entidadId={rowKey(r, row)}>
        <Form {...formProps} layout="vertical" style={{ maxWidth: 760 }} onFinish={(v) => formProps.onFinish?.(bodyOf(r, v as Record<string, unknown>, "edit"))}>
          <DeclaredFormItems resource={r} initial={row} mode="edit" />
        </Form>
      </WithHistory>
    </Edit>
  );
}

export default DeclaredCreate;
