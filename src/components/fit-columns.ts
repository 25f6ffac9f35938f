// How a list fits its card (issue 32): each column has a priority; when the columns' widths
// add up to more than the card, the least needed step back first (the last of them first),
// until the rest fit. A "needed" column never steps back (the person acts on it), nor the
// row's actions, nor a column the person chose to see («Columnas»); a column the person chose
// to hide is never shown. What is left wider than the card scrolls sideways, as before.
// Pure: the width is measured by the hook (./ListColumns) and passed in.

/** "needed": never steps back; "useful" (the default): after the extra ones; "extra": first. */
export type ColumnPriority = "needed" | "useful" | "extra";

export interface FitColumn {
  key: string;
  width: number;
  priority?: ColumnPriority;
  /** Never steps back (the actions column). */
  fixed?: boolean;
}

/** What the person chose in «Columnas»: columns to show whatever the width, and to hide. */
export interface ColumnChoice {
  shown: readonly string[];
  hidden: readonly string[];
}

export const NO_CHOICE: ColumnChoice = { shown: [], hidden: [] };

const ORDER: Record<ColumnPriority, number> = { extra: 0, useful: 1, needed: 2 };

/** The keys of the columns shown in a card `available` px wide (in the columns' order). */
export function fitColumns(columns: readonly FitColumn[], available: number, choice: ColumnChoice = NO_CHOICE): string[] {
  const kept = columns.filter((c) => c.fixed || c.priority === "needed" || !choice.hidden.includes(c.key));
  let total = kept.reduce((sum, c) => sum + c.width, 0);
  const removable = kept
    .map((c, index) => ({ c, index }))
    .filter(({ c }) => !c.fixed && c.priority !== "needed" && !choice.shown.includes(c.key))
    // The least needed first; among equals, the last column first.
    .sort((a, b) => ORDER[a.c.priority ?? "useful"] - ORDER[b.c.priority ?? "useful"] || b.index - a.index);
  const dropped = new Set<string>();
  for (const { c } of removable) {
    if (total <= available) break;
    dropped.add(c.key);
    total -= c.width;
  }
  return kept.filter((c) => !dropped.has(c.key)).map((c) => c.key);
}

/** The choice after the person ticks or unticks a column that is now `visible` or not. */
export function toggleColumn(choice: ColumnChoice, key: string, visible: boolean): ColumnChoice {
  const shown = choice.shown.filter((k) => k !== key);
  const hidden = choice.hidden.filter((k) => k !== key);
  return visible ? { shown, hidden: [...hidden, key] } : { shown: [...shown, key], hidden };
}

/** A stored choice read back (anything else: no choice). */
export function parseChoice(text: string | null): ColumnChoice {
  try {
    const v = JSON.parse(text ?? "null") as Partial<ColumnChoice> | null;
    const keys = (x: unknown) => (Array.isArray(x) ? x.filter((k): k is string => typeof k === "string") : []);
    return v && typeof v === "object" ? { shown: keys(v.shown), hidden: keys(v.hidden) } : NO_CHOICE;
  } catch {
    return NO_CHOICE;
  }
}

/** The localStorage key of a person's choice for one list. */
export const choiceKey = (userId: number | string, list: string) => `vt-columnas:${userId}:${list}`;
