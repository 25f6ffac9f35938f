// A declared resource's fields on screen: the form's inputs (validated with the same zod
// fields the server uses), the list's columns (the table rule of ../../components/columns)
// and how a value reads (show page, phone cards, Excel).
import { Form, Input, InputNumber, Select, Switch, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { ReactNode } from "react";
import type { AnyResource, FieldDecl } from "../../domain/resources/define-resource";
import { formatCLP, formatDate, formatDateTime, formatNumber } from "../../domain/format";
import { DateField } from "../../components/DateField";
import { dateColumn, moneyColumn, NOWRAP, numberColumn, textColumn } from "../../components/columns";
import { zodRule } from "../../components/zod-rule";
import { ReferencePicker } from "./ReferencePicker";

export type Row = Record<string, unknown> & { id: number };

export type FormMode = "create" | "edit";

/** The fields a form shows: not the database's (readOnly), not those left off this form. */
export function formFields(r: AnyResource, mode: FormMode): [string, FieldDecl][] {
  return Object.entries(r.fields).filter(([, f]) => !f.readOnly && (mode === "create" ? f.create !== false : f.edit !== false));
}

/** The fields a record shows (all but the write-only ones). */
export const shownFields = (r: AnyResource): [string, FieldDecl][] => Object.entries(r.fields).filter(([, f]) => f.input.kind !== "password");

/** A field's value as text (null: empty). */
export function valueText(r: AnyResource, name: string, row: Row): string | null {
  const f = r.fields[name];
  const v = f.input.kind === "reference" ? row[r.labels[name]] : row[name];
  if (v === null || v === undefined || v === "") return null;
  switch (f.input.kind) {
    case "money":
      return formatCLP(Number(v));
    case "quantity":
      return formatNumber(Number(v), 4);
    case "integer":
      return String(v);
    case "date":
      return formatDate(String(v));
    case "timestamp":
      return formatDateTime(String(v));
    case "boolean":
      return v ? f.input.yes : f.input.no;
    default:
      return String(v);
  }
}

/** A flag as its tag (Activo in green, Inactivo in grey). */
function flagTag(f: FieldDecl, v: unknown): ReactNode {
  if (f.input.kind !== "boolean" || v === null || v === undefined) return null;
  return v ? <Tag color="green">{f.input.yes}</Tag> : <Tag>{f.input.no}</Tag>;
}

function input(r: AnyResource, name: string, f: FieldDecl, initial: Row | undefined, disabled: boolean): ReactNode {
  if (disabled) return <Input disabled />;
  switch (f.input.kind) {
    case "money":
    case "quantity":
    case "integer":
      return <InputNumber style={{ width: "100%" }} decimalSeparator="," precision={f.input.kind === "quantity" ? undefined : 0} />;
    case "date":
      return <DateField allowClear={!f.required} />;
    case "select":
      return <Select allowClear={!f.required} showSearch optionFilterProp="label" options={f.input.options.map((o) => ({ value: o, label: o }))} />;
    case "reference":
      return <ReferencePicker resource={f.input.resource} label={f.input.label} initialLabel={initial?.[r.labels[name]] as string | undefined} allowClear={!f.required} />;
    case "boolean":
      return <Switch checkedChildren="Sí" unCheckedChildren="No" />;
    case "password":
      return <Input.Password autoComplete="new-password" />;
    default:
      return <Input autoComplete="off" />;
  }
}

/** The form's inputs, one per field of this form, in the declaration's order, with the rule the route applies. */
export function DeclaredFormItems({ resource, initial, mode = "create" }: { resource: AnyResource; initial?: Row; mode?: FormMode }) {
  return (
    <div className="vt-grid">
      {formFields(resource, mode).map(([name, f]) => {
        const edit = mode === "edit";
        const fixed = edit && f.edit === "readOnly";
        const rule = edit ? (f.update ?? (f.optional ? f.schema.optional() : f.schema)) : f.optional ? f.schema.optional() : f.schema;
        return (
          <Form.Item
            key={name}
            className="span-6"
            name={name}
            label={(edit && f.editLabel) || f.label}
            required={!fixed && f.required && !(edit && f.update)}
            rules={fixed ? [] : [zodRule(rule)]}
            extra={(edit && f.editExtra) || f.extra}
            valuePropName={f.input.kind === "boolean" ? "checked" : undefined}
          >
            {input(resource, name, f, initial, fixed)}
          </Form.Item>
        );
      })}
    </div>
  );
}

/** A body from the form's values: the fields this form changes, missing ones as null. */
export function bodyOf(resource: AnyResource, values: Record<string, unknown>, mode: FormMode = "create"): Record<string, unknown> {
  const sent = formFields(resource, mode).filter(([, f]) => !(mode === "edit" && f.edit === "readOnly"));
  return Object.fromEntries(sent.map(([name]) => [name, values[name] ?? null]));
}

/** The list's columns: the fields with a width, each with the helper of its kind. */
export function declaredColumns(r: AnyResource): ColumnsType<Row> {
  return Object.entries(r.fields)
    .filter(([, f]) => f.list)
    .map(([name, f]) => {
      const base = { dataIndex: name, key: name, title: f.column ?? f.label, width: f.list!, sorter: f.sort ? true : undefined };
      switch (f.input.kind) {
        case "date":
          return dateColumn<Row>(base);
        case "timestamp":
          return dateColumn<Row>({ ...base, withTime: true });
        case "boolean":
          return { ...base, render: (v: unknown) => flagTag(f, v) };
        case "money":
          return moneyColumn<Row>(base);
        case "quantity":
          return numberColumn<Row>(base);
        case "integer":
          return numberColumn<Row>({ ...base, decimals: 0, render: (v: number | null) => (v === null ? "" : String(v)) });
        case "rut":
          return { ...base, className: NOWRAP };
        case "reference":
          return textColumn<Row>({ ...base, dataIndex: r.labels[name] });
        default:
          return textColumn<Row>(base);
      }
    });
}
