// A list that fits its card by design (issue 32), for ResourceList and the declared lists:
//   const fit = useListColumns("facturas_guias", columns);
//   <Space>… {fit.chooser}</Space>
//   <div ref={fit.measure}><ResponsiveTable columns={fit.columns} … /></div>
// - every header gets at least the width its title needs (never cut to "N° F…");
// - the card's width is measured; when the columns do not fit, the least needed step back
//   first (`priority` of ./columns, rules in ./fit-columns);
// - «Columnas» lists the columns with a checkbox each: what a person ticks or unticks is
//   kept for that person and that list (localStorage, by user id) and wins over the width.
// On a phone (cards, under 576 px) every field shows in the card and there is no chooser.
import { useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import { Button, Checkbox, Grid, Popover, Space } from "antd";
import { SettingOutlined } from "@ant-design/icons";
import type { ColumnType, ColumnsType } from "antd/es/table";
import { getStoredUser } from "../providers/session";
import { headerWidth, priorityOf } from "./columns";
import { choiceKey, fitColumns, NO_CHOICE, parseChoice, toggleColumn, type ColumnChoice } from "./fit-columns";

const keyOfColumn = <T,>(c: ColumnType<T>, i: number): string => String(c.key ?? (typeof c.dataIndex === "string" ? c.dataIndex : i));

function readChoice(key: string | null): ColumnChoice {
  if (!key) return NO_CHOICE;
  try {
    return parseChoice(localStorage.getItem(key));
  } catch {
    return NO_CHOICE;
  }
}

export function useListColumns<T>(list: string, columns: ColumnsType<T>): { columns: ColumnsType<T>; chooser: ReactNode; measure: (el: HTMLDivElement | null) => void } {
  const phone = Grid.useBreakpoint().sm === false;
  const userId = getStoredUser()?.id;
  const storageKey = userId === undefined ? null : choiceKey(userId, list);
  const [choice, setChoice] = useState<ColumnChoice>(() => readChoice(storageKey));
  const [available, setAvailable] = useState(Number.POSITIVE_INFINITY);
  const observer = useRef<ResizeObserver | null>(null);

  const measure = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    setAvailable(el.clientWidth);
    observer.current = new ResizeObserver(() => setAvailable(el.clientWidth));
    observer.current.observe(el);
  }, []);

  // Every header wide enough for its title (and its sort arrows).
  const roomy = useMemo(
    () =>
      (columns as ColumnType<T>[]).map((c) => {
        const min = typeof c.title === "string" ? headerWidth(c.title, Boolean(c.sorter)) : 0;
        return typeof c.width === "number" && c.width < min ? { ...c, width: min } : c;
      }),
    [columns],
  );
  const shown = useMemo(() => {
    const keys = fitColumns(
      roomy.map((c, i) => ({ key: keyOfColumn(c, i), width: typeof c.width === "number" ? c.width : 120, priority: priorityOf(c), fixed: Boolean(c.fixed) })),
      available,
      choice,
    );
    return new Set(keys);
  }, [roomy, available, choice]);

  const save = (next: ColumnChoice) => {
    setChoice(next);
    try {
      if (storageKey) localStorage.setItem(storageKey, JSON.stringify(next));
    } catch {
      // storage full or disabled: the choice lasts while the page is open
    }
  };

  const choosable = roomy.map((c, i) => ({ c, key: keyOfColumn(c, i) })).filter(({ c }) => !c.fixed && typeof c.title === "string");
  const chooser = phone ? null : (
    <Popover
      trigger="click"
      placement="bottomRight"
      title="Columnas de la lista"
      content={
        <Space direction="vertical" size={4} role="group" aria-label="Columnas de la lista">
          {choosable.map(({ c, key }) => (
            <Checkbox key={key} checked={shown.has(key)} disabled={priorityOf(c) === "needed"} onChange={() => save(toggleColumn(choice, key, shown.has(key)))}>
              {c.title as string}
            </Checkbox>
          ))}
          <Button size="small" type="link" style={{ padding: 0 }} disabled={choice.shown.length + choice.hidden.length === 0} onClick={() => save(NO_CHOICE)}>
            Restablecer
          </Button>
        </Space>
      }
    >
      <Button icon={<SettingOutlined />}>Columnas</Button>
    </Popover>
  );

  return { columns: roomy.filter((c, i) => shown.has(keyOfColumn(c, i))), chooser, measure };
}
