// A declared resource's record: every field by its label, and its «Historial» tab.
import { Suspense } from "react";
import { EditButton, Show } from "@refinedev/antd";
import { useShow } from "@refinedev/core";
import { declaredResource } from "../../domain/resources/registry";
import { Fact, Facts } from "../../components/Facts";
import { PageTitle } from "../../components/PageTitle";
import { WithHistory } from "../../custom-pages/platform/auditoria/WithHistory";
import { rowKey, shownFields, valueText, type Row } from "./fields";
import { SHOW_SLOTS } from "./slots";

export default function DeclaredShow({ name }: { name: string }) {
  const r = declaredResource(name)!;
  const { query, result: row } = useShow<Row>({ resource: r.name });
  const singular = r.singular.charAt(0).toUpperCase() + r.singular.slice(1);
  const Slot = SHOW_SLOTS[r.name];
  return (
    <Show
      title={<PageTitle>{row ? `${singular}: ${valueText(r, r.title, row)}` : singular}</PageTitle>}
      isLoading={query.isLoading}
      canDelete={false}
      breadcrumb={false}
      headerButtons={<EditButton resource={r.name} recordItemId={rowKey(r, row)}>Editar</EditButton>}
    >
      <WithHistory entidad={r.name} entidadId={rowKey(r, row)}>
        <div className="vt-page" style={{ maxWidth: "none" }}>
          <Facts>
            {[...shownFields(r), ...Object.entries(r.computed ?? {})].map(([n, f]) => (
              <Fact key={n} label={f.label}>{row ? valueText(r, n, row) : null}</Fact>
            ))}
          </Facts>
          {Slot && row && (
            <Suspense fallback={null}>
              <Slot key={rowKey(r, row)} row={row} />
            </Suspense>
          )}
        </div>
      </WithHistory>
    </Show>
  );
}
