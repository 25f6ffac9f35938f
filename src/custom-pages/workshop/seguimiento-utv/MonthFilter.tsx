// The month and year filters of the workshop screens (section 9): months 01-12, years
// 2024 through next year (selectableYears).
import { Select } from "antd";
import { MESES, MESES_NOMBRES, selectableYears } from "../../../domain/workshop/periods";
import type { MesAnio } from "../api";

export function MonthFilter({ value, onChange }: { value: MesAnio; onChange: (v: MesAnio) => void }) {
  return (
    <div className="vt-month-filter">
      <label className="vt-month-filter__field">
        <span>Mes</span>
        <Select
          aria-label="Mes"
          virtual={false}
          listHeight={400}
          value={value.mes}
          style={{ width: 150 }}
          options={MESES.map((m, i) => ({ value: m, label: `${m} - ${MESES_NOMBRES[i]}` }))}
          onChange={(mes) => onChange({ ...value, mes })}
        />
      </label>
      <label className="vt-month-filter__field">
        <span>Año</span>
        <Select
          aria-label="Año"
          virtual={false}
          value={value.anio}
          style={{ width: 100 }}
          options={selectableYears().map((y) => ({ value: y, label: String(y) }))}
          onChange={(anio) => onChange({ ...value, anio })}
        />
      </label>
    </div>
  );
}

/** The current month in Santiago as the filters' value. */
export function currentMesAnio(periodo: string): MesAnio {
  return { mes: periodo.slice(5, 7), anio: Number(periodo.slice(0, 4)) };
}

export const periodoOf = (m: MesAnio) => `${m.anio}-${m.mes}`;
