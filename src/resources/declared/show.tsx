// A declared resource's record: every field by its label, and its «Historial» tab.
import { EditButton, Show } from "@refinedev/antd";
import { useShow } from "@refinedev/core";
import { declaredResource } from "../../domain/resources/registry";
import { Fact, Facts } from "../../components/Facts";
import { PageTitle } from "../../components/PageTitle";
import { WithHistory } from "../auditoria/WithHistory";
import { shownFields, valueText, type Row } from "./fields";

export default function DeclaredShow({ name }: { name: string }) {
  const r = declaredResource(name)!;
  const { query, result: row } = useShow<Row>({ resource: r.name });
  const singular = r.singular.charAt(0).toUpperCase() + r.singular.slice(1);
  return (
    <Show
      title={<PageTitle>{row ? `${singular}: ${valueText(r, r.title, row)}` : singular}</PageTitle>}
      isLoading={query.isLoading}
      canDelete={false}
      breadcrumb={false}
      headerButtons={<EditButton resource={r.name} recordItemId={row?.id}>Editar</EditButton>}
    >
      <WithHistory entidad={r.name} entidadId={row?.id}>
        <Facts>
          {shownFields(r).map(([n, f]) => (
            <Fact key={n} label={f.label}>{row ? valueText(r, n, row) : null}</Fact>
          ))}
        </Facts>
      </WithHistory>
    </Show>
  );
}
