// A declared resource's fields on screen: the form's inputs (validated with the same zod
// fields the server uses), the list's columns (the table rule of ../../components/columns)
// and how a value reads (show page, phone cards, Excel).
import { Form, Input, InputNumber, Select, Switch, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { ReactNode } from "react";
import { createRule, hiddenFields, isWriteOnly, keyOf, updateRule, type AnyResource, type ComputedDecl, type FieldDecl } from "../../domain/resources/define-resource";
import { getStoredUser } from "../../providers/session";
import { formatCLP, formatDate, formatDateTime, formatNumber } from "../../domain/format";
import { withTypedNumbers } from "../../domain/format/parse";
import { DateField } from "../../components/DateField";
import { dateColumn, moneyColumn, NOWRAP, numberColumn, textColumn, withPriority } from "../../components/columns";
import { zodRule } from "../../components/zod-rule";
import { formHook, type FormMode } from "./form-hooks";
import { ReferencePicker } from "./ReferencePicker";

export type Row = Record<string, unknown> & { id: number };

/** A row's identity: its id, or its resource's declared key (a product's code). */
export const rowKey = (r: AnyResource, row: Row | undefined): number | string | undefined => (row ? (row[keyOf(r)] as number | string) : undefined);

export type { FormMode };

/** The fields a form shows: not the database's (readOnly), not those left off this form (by the declaration or a form hook). */
export function formFields(r: AnyResource, mode: FormMode): [string, FieldDecl][] {
  return Object.entries(r.fields).filter(
    ([name, f]) => !f.readOnly && formHook(r.name, name, mode)?.shown !== false && (mode === "create" ? f.only !== "update" : f.edit !== false),
  );
}

/** Whether the signed-in user sees a field (a field's `readers`: the server leaves the others out of their rows). */
const seenByMe = (r: AnyResource) => {
  const hidden = hiddenFields(r, getStoredUser()?.rol ?? "");
  return ([name]: [string, unknown]) => !hidden.includes(name);
};

/** The fields a record shows (all but the write-only ones and those the user does not see). */
export const shownFields = (r: AnyResource): [string, FieldDecl][] => Object.entries(r.fields).filter(([, f]) => f.input.kind !== "password").filter(seenByMe(r));

/** A field's value as text (null: empty). */
export function valueText(r: AnyResource, name: string, row: Row): string | null {
  const f = r.fields[name] ?? r.computed?.[name];
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

/** A scoped reference's picker: only the rows whose `within` field is the form's value of it. */
function ScopedPicker({ within, ...props }: Parameters<typeof ReferencePicker>[0] & { within: string }) {
  const scope = Form.useWatch(within) as unknown;
  return <ReferencePicker {...props} params={{ [within]: scope ?? undefined }} />;
}

/** A flag as its tag (Activo in green, Inactivo in grey). */
function flagTag(f: FieldDecl, v: unknown): ReactNode {
  if (f.input.kind !== "boolean" || v === null || v === undefined) return null;
  return v ? <Tag color="green">{f.input.yes}</Tag> : <Tag>{f.input.no}</Tag>;
}

function input(r: AnyResource, name: string, f: FieldDecl, initial: Row | undefined, disabled: boolean): ReactNode {
  if (disabled) return <Input disabled />;
  const text = { autoComplete: "off", maxLength: f.maxLength, placeholder: f.placeholder };
  switch (f.input.kind) {
    case "money":
    case "quantity":
      return <InputNumber style={{ width: "100%" }} decimalSeparator="," precision={f.input.kind === "quantity" ? undefined : 0} />;
    case "integer":
      // A whole number is typed as text (read as es-CL on saving, bodyOf).
      return <Input inputMode="numeric" {...text} />;
    case "email":
      return <Input type="email" inputMode="email" {...text} />;
    case "phone":
      return <Input type="tel" inputMode="tel" {...text} />;
    case "date":
      return <DateField allowClear={!f.required} />;
    case "select":
      return <Select allowClear={!f.required} showSearch optionFilterProp="label" options={f.input.options.map((o) => ({ value: o, label: o }))} />;
    case "reference": {
      const props = { resource: f.input.resource, label: f.input.label, initialLabel: initial?.[r.labels[name]] as string | undefined, allowClear: !f.required, viaList: f.input.picker === "list" };
      return f.input.within ? <ScopedPicker {...props} within={f.input.within.field} /> : <ReferencePicker {...props} />;
    }
    case "boolean":
      return <Switch checkedChildren="Sí" unCheckedChildren="No" />;
    case "password":
      return <Input.Password autoComplete="new-password" />;
    default:
      return <Input {...text} />;
  }
}

/** The form's inputs, one per field of this form, in the declaration's order, with the rule the route applies. */
export function DeclaredFormItems({ resource, initial, mode = "create" }: { resource: AnyResource; initial?: Row; mode?: FormMode }) {
  return (
    <div className="vt-grid">
      {formFields(resource, mode).map(([name, f]) => {
        const edit = mode === "edit";
        const fixed = edit && f.edit === "readOnly";
        const rule = edit ? updateRule(f) : createRule(f);
        const hook = formHook(resource.name, name, mode);
        return (
          <Form.Item
            key={name}
            className={`span-${f.span ?? 6}`}
            name={name}
            label={hook?.label ?? f.label}
            required={!fixed && f.required && !(edit && isWriteOnly(f))}
            rules={fixed ? [] : [zodRule(rule, { typedNumber: f.input.kind === "integer" })]}
            extra={hook?.extra ?? f.extra}
            validateTrigger={f.input.kind === "rut" || f.input.kind === "email" ? "onBlur" : undefined}
            valuePropName={f.input.kind === "boolean" ? "checked" : undefined}
          >
            {input(resource, name, f, initial, fixed)}
          </Form.Item>
        );
      })}
    </div>
  );
}

/** The create form's initial values: those its form hook gives (a payment's date: today). */
export function initialValues(resource: AnyResource): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(resource.fields).flatMap((name) => {
      const initial = formHook(resource.name, name, "create")?.initial;
      return initial ? [[name, initial()]] : [];
    }),
  );
}

/** A body from the form's values: the fields this form changes, missing ones as null, whole numbers typed as text read as numbers. */
export function bodyOf(resource: AnyResource, values: Record<string, unknown>, mode: FormMode = "create"): Record<string, unknown> {
  const sent = formFields(resource, mode).filter(([, f]) => !(mode === "edit" && f.edit === "readOnly"));
  const typed = withTypedNumbers(values, sent.filter(([, f]) => f.input.kind === "integer").map(([name]) => name));
  return Object.fromEntries(sent.map(([name]) => [name, typed[name] ?? null]));
}

/** A stored row as the form's values (whole numbers as the text typed). */
export function formValuesOf(resource: AnyResource, row: Row): Record<string, unknown> {
  return Object.fromEntries(Object.keys(resource.fields).map((name) => [name, resource.fields[name].input.kind === "integer" && row[name] != null ? String(row[name]) : row[name]]));
}

/** The list's columns: the fields and computed columns with a width (or those named in `only`, unsorted), each with the helper of its kind and the field's priority (the title is needed). */
export function declaredColumns(r: AnyResource, only?: readonly string[]): ColumnsType<Row> {
  return [...Object.entries(r.fields).filter(seenByMe(r)), ...Object.entries(r.computed ?? {})]
    .filter(([name, f]) => (only ? only.includes(name) : f.list))
    .map(([name, f]) => withPriority(declaredColumn(r, name, f, only), name === r.title ? (f.priority ?? "needed") : f.priority));
}

function declaredColumn(r: AnyResource, name: string, f: FieldDecl | ComputedDecl, only: readonly string[] | undefined): ColumnsType<Row>[number] {
  // Sorted on the server in the declared list only (a sublist elsewhere is not).
  const base = { dataIndex: name, key: name, title: (f as FieldDecl).column ?? f.label, width: f.list ?? 120, sorter: f.sort && !only ? true : undefined };
  switch (f.input.kind) {
    case "date":
      return dateColumn<Row>(base);
    case "timestamp":
      return dateColumn<Row>({ ...base, withTime: true });
    case "boolean":
      return { ...base, render: (v: unknown) => flagTag(f as FieldDecl, v) };
    case "select": {
      const colors = f.input.colors;
      return colors ? { ...base, render: (v: string | null) => (v ? <Tag color={colors[v]}>{v}</Tag> : null) } : textColumn<Row>(base);
    }
    case "money":
      return moneyColumn<Row>(base);
    case "quantity":
      return numberColumn<Row>(base);
    case "integer":
      return numberColumn<Row>({ ...base, decimals: 0, render: (v: number | null) => (v === null ? "" : String(v)) });
    case "rut":
    case "phone":
      return { ...base, className: NOWRAP };
    case "reference":
      return textColumn<Row>({ ...base, dataIndex: r.labels[name] });
    default:
      return textColumn<Row>(base);
  }
}
