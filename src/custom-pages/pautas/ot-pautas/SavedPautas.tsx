// "Ver Pautas Cargadas" (specification 2.7, 7, 8): what the server holds for the chosen
// quote, one table per category, with the quantity editable (PUT, "Cantidad actualizada
// con éxito." / "❌ Error al actualizar cantidad.", gone after 3 s) and a delete per line.
// The answer shown is the chosen quote's (its query key), and every write names
// the quote of the line (the server refuses a line of another quote).
import { useEffect, useState } from "react";
import { Button, Card, Input, Popconfirm, Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { deletePauta, fetchPautasPresupuesto, updatePautaCantidad, type Pauta } from "../api";
import type { Presupuesto } from "../../sales/api";
import { useApiQuery, useSetQueryData, useWrite } from "../../../data/query";
import { PAUTA_CATEGORIES, PAUTA_CATEGORY_LABELS, isBarCategory, type PautaCategory } from "../../../domain/pautas/categories";
import { groupPautasByCategory } from "../../../domain/pautas/draft";
import { MSG_PAUTA_CANTIDAD_ACTUALIZADA, MSG_PAUTA_CANTIDAD_ERROR } from "../../../domain/pautas/validation";
import { formatNumber, parseNumberInput } from "../../../domain/format";
import { BannerAlert } from "../../../components/Page";
import { useBanner } from "../../../components/useBanner";
import { useBusy } from "../../../components/useBusy";
import { presupuestoLabel } from "../../sales/presupuestos/QuoteSelectors";
import { pautasKeys, pautaWrites } from "../keys";

export const MSG_PAUTA_ELIMINAR_ERROR = "❌ No se pudo eliminar la línea.";
export const MSG_PAUTA_ELIMINADA = "Línea eliminada.";
export const MSG_PAUTAS_CARGA_ERROR = "No se pudieron cargar las pautas del presupuesto.";

interface Props {
  quote: Presupuesto;
  /** Changes each time the screen asks to (re)load ("Ver Pautas Cargadas", after a save). */
  reloadToken: number;
  onClose: () => void;
}

export function SavedPautas({ quote, reloadToken, onClose }: Props) {
  const [edits, setEdits] = useState<Record<number, string>>({});
  const { busy, during } = useBusy<number>();
  const { banner, show, clear } = useBanner({ hideAll: true });
  const setQueryData = useSetQueryData();
  const write = useWrite();
  const keyOf = (quoteId: number) => pautasKeys.ofQuote(quoteId, reloadToken);

  useEffect(() => setEdits({}), [quote.id, reloadToken]);
  const loaded = useApiQuery(
    keyOf(quote.id),
    async () => {
      const perCategory = await Promise.all(PAUTA_CATEGORIES.map((c) => fetchPautasPresupuesto(c, quote.cliente_id, quote.id)));
      return groupPautasByCategory(perCategory.flat());
    },
    { failMessage: MSG_PAUTAS_CARGA_ERROR },
  );
  const current = loaded.failed ? { rows: null, failed: true } : loaded.current && { rows: loaded.current, failed: false };
  const rows = current?.rows ?? null;

  const replaceRow = (quoteId: number, row: Pauta | null, id: number, category: PautaCategory) =>
    setQueryData<Record<PautaCategory, Pauta[]>>(keyOf(quoteId), (groups) => {
      const list = groups[category];
      return { ...groups, [category]: row ? list.map((r) => (r.id === id ? row : r)) : list.filter((r) => r.id !== id) };
    });

  const saveCantidad = async (line: Pauta) => {
    const text = edits[line.id];
    const cantidad = parseNumberInput(text);
    if (cantidad === null || !(cantidad > 0)) {
      show({ type: "error", message: MSG_PAUTA_CANTIDAD_ERROR, description: "Ingrese una cantidad mayor que 0." });
      return;
    }
    await during(line.id, async () => {
      try {
        const row = await write(() => updatePautaCantidad(line.categoria, line.id, cantidad, line.presupuesto_id), { invalidates: pautaWrites });
        replaceRow(line.presupuesto_id, row, line.id, line.categoria);
        setEdits(({ [line.id]: _, ...rest }) => rest);
        show({ type: "success", message: MSG_PAUTA_CANTIDAD_ACTUALIZADA });
      } catch (error) {
        console.error(MSG_PAUTA_CANTIDAD_ERROR, error);
        // The box shows again what the server holds.
        setEdits(({ [line.id]: _, ...rest }) => rest);
        show({ type: "error", message: MSG_PAUTA_CANTIDAD_ERROR });
      }
    });
  };

  const remove = (line: Pauta) =>
    during(line.id, async () => {
      try {
        await write(() => deletePauta(line.categoria, line.id, line.presupuesto_id), { invalidates: pautaWrites });
        replaceRow(line.presupuesto_id, null, line.id, line.categoria);
        show({ type: "success", message: MSG_PAUTA_ELIMINADA });
      } catch (error) {
        console.error(MSG_PAUTA_ELIMINAR_ERROR, error);
        show({ type: "error", message: MSG_PAUTA_ELIMINAR_ERROR });
      }
    });

  const columns = (category: PautaCategory): ColumnsType<Pauta> => {
    const bars = isBarCategory(category);
    const label = PAUTA_CATEGORY_LABELS[category];
    return [
      { title: "Código", dataIndex: "codigo", key: "codigo", width: 90 },
      { title: "Producto", dataIndex: "producto", key: "producto", width: 200 },
      {
        title: bars ? "Metros" : "Cant. original",
        dataIndex: "cantidad_original",
        key: "cantidad_original",
        width: 110,
        align: "right",
        render: (v: number) => <span className="vt-num">{formatNumber(v, 4)}</span>,
      },
      {
        title: bars ? "Barras" : "Cantidad",
        key: "cantidad",
        width: 210,
        render: (_, line) => {
          const text = edits[line.id];
          const changed = text !== undefined && parseNumberInput(text) !== line.cantidad;
          const disabled = busy.has(line.id);
          return (
            <div className="vt-qty-edit">
              <Input
                size="small"
                aria-label={`Cantidad guardada ${label} ${line.codigo}`}
                value={text ?? formatNumber(line.cantidad, 4)}
                inputMode="decimal"
                disabled={disabled}
                style={{ width: 90, textAlign: "right" }}
                onChange={(e) => setEdits((prev) => ({ ...prev, [line.id]: e.target.value }))}
                onPressEnter={() => changed && void saveCantidad(line)}
              />
              <Button size="small" disabled={!changed || disabled} loading={disabled && changed} onClick={() => void saveCantidad(line)} aria-label={`Actualizar ${label} ${line.codigo}`}>
                Actualizar
              </Button>
            </div>
          );
        },
      },
      {
        title: "Separado",
        dataIndex: "separado",
        key: "separado",
        width: 90,
        render: (v: boolean) => (v ? <Tag color="green">Sí</Tag> : <Tag>No</Tag>),
      },
      {
        title: "",
        key: "eliminar",
        fixed: "right",
        className: "vt-actions-cell",
        width: 90,
        render: (_, line) => (
          <Popconfirm
            title={`¿Eliminar la línea ${line.codigo} de ${label}?`}
            okText="Eliminar"
            cancelText="Cancelar"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(line)}
          >
            <Button size="small" danger disabled={busy.has(line.id)} aria-label={`Eliminar ${label} ${line.codigo}`}>
              Eliminar
            </Button>
          </Popconfirm>
        ),
      },
    ];
  };

  const categories = rows ? PAUTA_CATEGORIES.filter((c) => rows[c].length > 0) : [];
  const total = categories.reduce((n, c) => n + (rows?.[c].length ?? 0), 0);

  return (
    <Card
      title={`Pautas cargadas: ${presupuestoLabel(quote)}`}
      size="small"
      className="vt-wrap-head"
      extra={
        <Button size="small" onClick={onClose}>
          Cerrar
        </Button>
      }
    >
      {banner && (
        <div className="vt-banner-gap">
          <BannerAlert banner={banner} onClose={clear} />
        </div>
      )}
      {!current && <p className="vt-muted vt-empty">Cargando pautas...</p>}
      {current?.failed && <p className="vt-muted vt-empty">{MSG_PAUTAS_CARGA_ERROR}</p>}
      {rows && total === 0 && <p className="vt-muted vt-empty">Este presupuesto no tiene pautas cargadas.</p>}
      {rows && total > 0 && (
        <div className="vt-pauta-lists">
          {categories.map((c) => (
            <section key={c} aria-label={`Pautas cargadas ${PAUTA_CATEGORY_LABELS[c]}`}>
              <h3 className="vt-pauta-heading">
                {PAUTA_CATEGORY_LABELS[c]} <span className="vt-muted">({rows[c].length})</span>
              </h3>
              <Table<Pauta>
                rowKey="id"
                size="small"
                columns={columns(c)}
                dataSource={rows[c]}
                tableLayout="fixed"
                scroll={{ x: "max-content" }}
                pagination={rows[c].length > 20 ? { pageSize: 20, size: "small", showSizeChanger: false } : false}
              />
            </section>
          ))}
        </div>
      )}
    </Card>
  );
}
