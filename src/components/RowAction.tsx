// A table row's button as an icon (issue 32): its word in a tooltip, its accessible name in
// the button's aria-label ("Editar Casa Pérez"), so a list's actions take ~100 px instead of
// three text buttons. On a phone card the same buttons keep their words.
//   <RowAction word="Eliminar"><Button size="small" icon={<DeleteOutlined />} aria-label={`Eliminar ${name}`} /></RowAction>
import type { ReactNode } from "react";
import { Tooltip } from "antd";

export function RowAction({ word, children }: { word: string; children: ReactNode }) {
  return (
    <Tooltip title={word} mouseEnterDelay={0.2}>
      <span className="vt-row-action">{children}</span>
    </Tooltip>
  );
}
