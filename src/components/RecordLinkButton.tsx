// «Ver» and «Editar» of a list's row: a link to the record's page around a small button (an
// icon with its word in a tooltip in a table, `compact`; icon and word on a phone card).
// Who may use them is asked once for the whole list (useRecordAccess), not once a row:
// Refine's ShowButton and EditButton ask the access control with each row's id and match the
// address against every resource, which on a slow phone (CPU 4×) was most of a page's drawing.
import { useCan } from "@refinedev/core";
import { Link } from "react-router";
import { Button } from "antd";
import { EditOutlined, EyeOutlined } from "@ant-design/icons";
import { RowAction } from "./RowAction";

const WORDS = { show: "Ver", edit: "Editar" } as const;

export function RecordLinkButton({ to, action, name, compact = false }: { to: string; action: "show" | "edit"; name: string; compact?: boolean }) {
  const word = WORDS[action];
  const button = (
    <Link to={to}>
      <Button size="small" icon={action === "show" ? <EyeOutlined /> : <EditOutlined />} aria-label={`${word} ${name}`}>
        {compact ? null : word}
      </Button>
    </Link>
  );
  return compact ? <RowAction word={word}>{button}</RowAction> : button;
}

/** Whether the signed-in user may see, edit and delete `resource`'s records (the access control's answer, asked once). */
export function useRecordAccess(resource: string): { show: boolean; edit: boolean; delete: boolean } {
  const show = useCan({ resource, action: "show" }).data?.can === true;
  const edit = useCan({ resource, action: "edit" }).data?.can === true;
  const remove = useCan({ resource, action: "delete" }).data?.can === true;
  return { show, edit, delete: remove };
}
