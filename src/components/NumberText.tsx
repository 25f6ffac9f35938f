// A text box for numbers (spec 5: "Number inputs are parsed as numbers; empty or invalid
// becomes an empty value"): accepts "1200", "2,5", "1.234.567"; on leaving the box an
// unreadable value is cleared. Works inside an antd Form.Item (value/onChange).
import { Input, type InputProps } from "antd";
import { parseNumberInput } from "../domain/format";

type Props = Omit<InputProps, "value" | "onChange"> & {
  value?: string | number | null;
  onChange?: (value: string) => void;
};

export function NumberText({ value, onChange, onBlur, ...rest }: Props) {
  const text = value === null || value === undefined ? "" : String(value);
  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={text}
      onChange={(e) => onChange?.(e.target.value)}
      onBlur={(e) => {
        if (text.trim() !== "" && parseNumberInput(text) === null) onChange?.("");
        onBlur?.(e);
      }}
    />
  );
}
