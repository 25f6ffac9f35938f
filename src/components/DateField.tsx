// Every date field of the app: antd's DatePicker in Spanish (the app's ConfigProvider
// es_ES locale and dayjs "es"), shown as DD-MM-AAAA whatever the browser's language, and
// typed as well as picked (DD-MM-AAAA, D-M-AAAA or DD/MM/AAAA). The value stays the API's
// text: "YYYY-MM-DD" for a day, "YYYY-MM" for a month; works inside a Form.Item (value /
// onChange) or on its own.
import { DatePicker } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import customParseFormat from "dayjs/plugin/customParseFormat";
import type { CSSProperties } from "react";

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
      style={{ width: "100%", ...style }}
    />
  );
}
