// The buttons of a declared list's rows: Ver and Editar (links to the record's pages) and
// Eliminar (with its confirmation). Who may use them is asked once for the list, not once for
// each row and button: Refine's ShowButton, EditButton and DeleteButton each ask the access
// control with the row's id, match the address against every resource and hold their own
// delete, which on a slow phone (CPU 4×) was most of the time a page of 20 rows took to draw.
import type { ReactNode } from "react";
import { useCan, useDelete } from "@refinedev/core";
import { Link } from "react-router";
import { Button, Popconfirm, Space } from "antd";
import { DeleteOutlined, EditOutlined, EyeOutlined } from "@ant-design/icons";
import type { AnyResource } from "../../domain/resources/define-resource";
import { recordLink } from "../../custom-pages/screens";
import { RowAction } from "../../components/RowAction";
import { rowKey, valueText, type Row } from "./fields";

/** `actions(row, compact)`: the row's buttons (`compact`: icons with their word in a tooltip, in the table). */
export function useRowActions(r: AnyResource): (row: Row, compact?: boolean) => ReactNode {
  const canShow = useCan({ resource: r.name, action: "show" }).data?.can === true;
  const canEdit = useCan({ resource: r.name, action: "edit" }).data?.can === true;
  const canDelete = useCan({ resource: r.name, action: "delete" }).data?.can === true;
  const {
    mutation: { mutate, isPending, variables },
  } = useDelete();
  const deleted = `${r.singular.charAt(0).toUpperCase()}${r.singular.slice(1)} eliminado`;

  return (row, compact = false) => {
    const id = rowKey(r, row);
    if (id === undefined) return null;
    const named = valueText(r, r.title, row) ?? String(id);
    const tip = (word: string, button: ReactNode) => (compact ? <RowAction word={word}>{button}</RowAction> : button);
    const text = (word: string) => (compact ? null : word);
    return (
      <Space size={compact ? 2 : 4}>
        {canShow &&
          tip(
            "Ver",
            <Link to={recordLink(r.name, id)}>
              <Button size="small" icon={<EyeOutlined />} aria-label={`Ver ${named}`}>
                {text("Ver")}
              </Button>
            </Link>,
          )}
        {canEdit &&
          tip(
            "Editar",
            <Link to={recordLink(r.name, id, "edit")}>
              <Button size="small" icon={<EditOutlined />} aria-label={`Editar ${named}`}>
                {text("Editar")}
              </Button>
            </Link>,
          )}
        {canDelete &&
          !r.deleteRefusal?.(row) &&
          tip(
            "Eliminar",
            <Popconfirm
              title={`¿Eliminar ${r.singular} ${named}?`}
              okText="Eliminar"
              cancelText="Cancelar"
              okType="danger"
              okButtonProps={{ disabled: isPending }}
              onConfirm={() => mutate({ resource: r.name, id, successNotification: { type: "success", message: deleted } })}
            >
              <Button size="small" danger icon={<DeleteOutlined />} loading={isPending && variables?.id === id} aria-label={`Eliminar ${named}`}>
                {text("Eliminar")}
              </Button>
            </Popconfirm>,
          )}
      </Space>
    );
  };
}
