// «Exportar Excel» of a declared resource's list: the rows the list's filters and order
// select (not just the page shown), every field by its label; write-excel-file is loaded
// only now, as its own chunk.
import type { CrudFilter, CrudSort } from "@refinedev/core";
import type { AnyResource } from "../../domain/resources/define-resource";
import { todayInSantiago } from "../../domain/dates/dates";
import { api } from "../../providers/api";
import { filtersToParams, serializeParams, sortersToParams } from "../../providers/data-provider";
import { shownFields, valueText, type Row } from "./fields";

type Cell = { value: string | number | Date; type?: typeof String | typeof Number | typeof Date; format?: string; fontWeight?: "bold" } | null;

function cell(r: AnyResource, name: string, row: Row): Cell {
  const f = r.fields[name];
  const v = row[name];
  if (v === null || v === undefined || v === "") return null;
  if (f.input.kind === "date") {
    const [y, m, d] = String(v).split("-").map(Number);
    return { value: new Date(Date.UTC(y, m - 1, d)), type: Date, format: "dd-mm-yyyy" };
  }
  if (["money", "quantity", "integer"].includes(f.input.kind)) return { value: Number(v), type: Number, format: f.input.kind === "money" ? "#,##0" : undefined };
  return { value: valueText(r, name, row) ?? "", type: String };
}

/** Saves the filtered list as «<plural> AAAA-MM-DD.xlsx»; the number of rows written, and whether the server cut the list. */
export async function exportDeclaredList(r: AnyResource, filters: CrudFilter[], sorters: CrudSort[]): Promise<{ rows: number; cut: boolean }> {
  const params = sortersToParams(sorters, filtersToParams(filters));
  const response = await api.get<Row[]>(`/${r.name}`, { params, paramsSerializer: { serialize: serializeParams } });
  const rows = response.data;
  const total = Number(response.headers["x-total-count"] ?? rows.length);
  const names = shownFields(r).map(([n]) => n);
  const header: Cell[] = names.map((n) => ({ value: r.fields[n].label, type: String, fontWeight: "bold" }));
  const data = [header, ...rows.map((row) => names.map((n) => cell(r, n, row)))];
  const { default: writeExcelFile } = await import("write-excel-file/browser");
  const title = r.plural.charAt(0).toUpperCase() + r.plural.slice(1);
  await writeExcelFile(data as never, { columns: names.map(() => ({ width: 22 })), stickyRowsCount: 1 }).toFile(`${title} ${todayInSantiago()}.xlsx`);
  return { rows: rows.length, cut: total > rows.length };
}
