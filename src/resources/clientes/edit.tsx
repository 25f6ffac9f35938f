// Ventas → Clientes → Editar: correct a client's data (PUT api/clientes/{id}). The rules
// and messages are the domain's; server refusals (invalid or duplicate RUT) land on the fields.
import { Edit, useForm } from "@refinedev/antd";
import { Form } from "antd";
import type { Cliente } from "../../api/sales";
import { ClienteFields, clienteBody } from "./ClienteFields";
import { PageTitle } from "../../components/PageTitle";
import { WithHistory } from "../auditoria/WithHistory";

export default function ClientesEdit() {
  const { formProps, saveButtonProps, query } = useForm<Cliente>({
    resource: "clientes",
    action: "edit",
    redirect: "show",
    successNotification: () => ({ type: "success", message: "Cliente guardado correctamente" }),
    errorNotification: () => ({ type: "error", message: "Error al guardar el cliente" }),
  });
  const cliente = query?.data?.data;

  return (
    <Edit title={<PageTitle>{cliente ? `Editar cliente: ${cliente.nombre}` : "Editar cliente"}</PageTitle>} saveButtonProps={saveButtonProps} canDelete={false} breadcrumb={false} headerButtons={() => null}>
      <WithHistory entidad="clientes" entidadId={cliente?.id}>
      <Form
        {...formProps}
        layout="vertical"
        style={{ maxWidth: 760 }}
        onFinish={(values) => formProps.onFinish?.(clienteBody(values as Record<string, unknown>))}
      >
        <ClienteFields />
      </Form>
      </WithHistory>
    </Edit>
  );
}
