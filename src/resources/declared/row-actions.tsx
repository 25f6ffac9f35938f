// The buttons of a declared list's rows: Ver and Editar (links to the record's pages) and
// Eliminar (with its confirmation). Who may use them is asked once for the list, and one
// delete serves every row (Refine's DeleteButton holds one a row, with its own access check).
import type { ReactNode } from "react";
import { useDelete } from "@refinedev/core";
import { Button, Popconfirm, Space } from "antd";
import { DeleteOutlined } from "@ant-design/icons";
import { RecordLinkButton, useRecordAccess } from "../../components/RecordLinkButton";
import type { AnyResource } from "../../domain/resources/define-resource";
import { recordLink } from "../../custom-pages/screens";
import { RowAction } from "../../components/RowAction";
import { rowKey, valueText, type Row } from "./fields";

/** `actions(row, compact)`: the row's buttons (`compact`: icons with their word in a tooltip, in the table). */
export function useRowActions(r: AnyResource): (row: Row, compact?: boolean) => ReactNode {
  const can = useRecordAccess(r.name);
  const {
    mutation: { mutate, isPending, variables },
  } = useDelete();
  const deleted = `${r.singular.charAt(0).toUpperCase()}${r.singular.slice(1)} eliminado`;

  return (row, compact = false) => {
    const id = rowKey(r, row);
    if (id === undefined) return null;
    const named = valueText(r, r.title, row) ?? String(id);
    const remove = (
      <Popconfirm
        title={`¿Eliminar ${r.singular} ${named}?`}
        okText="Eliminar"
        cancelText="Cancelar"
        okType="danger"
        okButtonProps={{ disabled: isPending }}
        onConfirm={() => mutate({ resource: r.name, id, successNotification: { type: "success", message: deleted } })}
      >
        <Button size="small" danger icon={<DeleteOutlined />} loading={isPending && variables?.id === id} aria-label={`Eliminar ${named}`}>
          {compact ? null : "Eliminar"}
        </Button>
      </Popconfirm>
    );
    return (
      <Space size={compact ? 2 : 4}>
        {can.show && <RecordLinkButton to={recordLink(r.name, id)} action="show" name={named} compact={compact} />}
        {can.edit && <RecordLinkButton to={recordLink(r.name, id, "edit")} action="edit" name={named} compact={compact} />}
        {can.delete && !r.deleteRefusal?.(row) && (compact ? <RowAction word="Eliminar">{remove}</RowAction> : remove)}
      </Space>
    );
  };
}
