// Every date field of the app: antd's DatePicker in Spanish (the app's ConfigProvider
// es_ES locale and dayjs "es"), shown as DD-MM-AAAA whatever the browser's language, and
// typed as well as picked (DD-MM-AAAA, D-M-AAAA or DD/MM/AAAA). The value stays the API's
// text: "YYYY-MM-DD" for a day, "YYYY-MM" for a month; works inside a Form.Item (value /
// onChange) or on its own. Enter in the box confirms the typed date (the picker takes it and
// closes) and nothing else: it never submits the form around it (issue 32), so a person who
// types "14-05-2026" and presses Enter goes on filling the form. No screen uses antd's
// DatePicker itself (tests/e2e/date-fields.e2e.ts checks it and tries Enter in every form).
import { DatePicker } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import customParseFormat from "dayjs/plugin/customParseFormat";
import type { CSSProperties, KeyboardEvent } from "react";

dayjs.extend(customParseFormat);

/** Shown first; the others are accepted when typed. */
export const DATE_FORMATS = ["DD-MM-YYYY", "D-M-YYYY", "DD/MM/YYYY", "D/M/YYYY", "YYYY-MM-DD"];
/** "noviembre 2026"; typed also as 11-2026 or 11/2026. */
export const MONTH_FORMATS = ["MMMM YYYY", "MM-YYYY", "M-YYYY", "MM/YYYY", "M/YYYY", "YYYY-MM"];
export const DATE_PLACEHOLDER = "DD-MM-AAAA";

interface Props {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  "aria-label"?: string;
  style?: CSSProperties;
  disabled?: boolean;
  /** Dates are required on most screens: no clear button unless asked for. */
  allowClear?: boolean;
}

/**
 * Enter in a date box: the picker has already confirmed a valid typed date when this runs
 * (rc-picker's own handler comes first); preventing the key's default keeps the browser from
 * submitting the form (an input's implicit submission) and the picker from opening again.
 */
function confirmOnly(event: KeyboardEvent<HTMLElement>) {
  if (event.key === "Enter") event.preventDefault();
}

function toDayjs(value: string | null | undefined, pattern: string): Dayjs | null {
  if (!value) return null;
  const d = dayjs(value.slice(0, pattern.length), pattern, true);
  return d.isValid() ? d : null;
}

export function DateField({ value, onChange, allowClear = false, style, ...rest }: Props) {
  return (
    <DatePicker
      {...rest}
      value={toDayjs(value, "YYYY-MM-DD")}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.format("YYYY-MM-DD") : null)}
      format={DATE_FORMATS}
      placeholder={DATE_PLACEHOLDER}
      allowClear={allowClear}
      onKeyDown={confirmOnly}
      style={{ width: "100%", ...style }}
    />
  );
}

export function MonthField({ value, onChange, allowClear = false, style, ...rest }: Props) {
  return (
    <DatePicker
      {...rest}
      picker="month"
      value={toDayjs(value, "YYYY-MM")}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.format("YYYY-MM") : null)}
      format={MONTH_FORMATS}
      placeholder="mes año"
      allowClear={allowClear}
      onKeyDown={confirmOnly}
      style={{ width: "100%", ...style }}
    />
  );
}

interface RangeProps {
  /** The ids of the two boxes (the first is the one a Form.Item's label names). */
  id: { start: string; end: string };
  value?: [string | null, string | null];
  onChange?: (value: [string | null, string | null]) => void;
  placeholder?: [string, string];
  style?: CSSProperties;
}

/** A range of days (either end may stay empty): "YYYY-MM-DD" or null at each end. */
export function DateRangeField({ id, value, onChange, placeholder = ["Desde", "Hasta"], style }: RangeProps) {
  return (
    <DatePicker.RangePicker
      id={id}
      value={value ? [toDayjs(value[0], "YYYY-MM-DD"), toDayjs(value[1], "YYYY-MM-DD")] : undefined}
      onChange={(range) => onChange?.([range?.[0] ? range[0].format("YYYY-MM-DD") : null, range?.[1] ? range[1].format("YYYY-MM-DD") : null])}
      format={DATE_FORMATS}
      placeholder={placeholder}
      allowEmpty={[true, true]}
      onKeyDown={confirmOnly}
      style={{ width: "100%", ...style }}
    />
  );
}
