// "Stock reservado por OT" (/StockReservado, Bodega menu), specification 2.7 and 4: for
// each active work (its tracking record has recepcion_final false) one table per
// category with a "Separado" checkbox per line, saved at once (PATCH
// api/stock-reservado/{category}/{id}). A failed save puts the box back and says so.
//
// The works come a page at a time from the server (GET api/stock-reservado/obras, each
// work with its lines), searched there too: the screen never downloads the eight whole
// lists (about 21,000 lines at the bench scale).
import { Card, Checkbox, Input, Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { fetchObrasReserva, setSeparado, type ObraReserva, type Pauta } from "../api";
import { PAUTA_CATEGORIES, PAUTA_CATEGORY_LABELS, isBarCategory, type PautaCategory } from "../../../domain/pautas/categories";
import { groupPautasByCategory } from "../../../domain/pautas/draft";
import { formatNumber } from "../../../domain/format";
import { Page } from "../../../components/Page";
import { useBanner } from "../../../components/useBanner";
import { useBusy } from "../../../components/useBusy";
import { CardPagination } from "../../../components/CardPagination";
import { usePagedQuery, useWrite } from "../../../data/query";
import { useProgressiveRows } from "../../../components/progressive-rows";
import { presupuestoLabel } from "../../sales/presupuestos/QuoteSelectors";
import "./stock-reservado.css";
import { pautasKeys } from "../keys";

export const PAGE_SIZE = 10;
export const MSG_SEPARADO_ERROR = (codigo: string) => `No se pudo guardar «Separado» de ${codigo}. Intente nuevamente.`;

interface Query {
  page: number;
  q: string;
  soloPendientes: boolean;
}

function WorkCard({ obra, busy, onToggle }: { obra: ObraReserva; busy: ReadonlySet<number>; onToggle: (line: Pauta, separado: boolean) => void }) {
  const groups = groupPautasByCategory(obra.pautas);
  const columns = (category: PautaCategory): ColumnsType<Pauta> => [
    { title: "Código", dataIndex: "codigo", key: "codigo", width: 76 },
    { title: "Producto", dataIndex: "producto", key: "producto" },
    {
      title: isBarCategory(category) ? "Barras" : "Cantidad",
      dataIndex: "cantidad",
      key: "cantidad",
      width: 84,
      align: "right",
      render: (v: number) => <span className="vt-num">{formatNumber(v, 4)}</span>,
    },
    {
      title: "Separado",
      key: "separado",
      width: 88,
      align: "center",
      render: (_, line) => (
        <Checkbox
          aria-label={`Separado ${PAUTA_CATEGORY_LABELS[category]} ${line.codigo} ${obra.numero_presupuesto}`}
          checked={line.separado}
          disabled={busy.has(line.id)}
          onChange={(e) => onToggle(line, e.target.checked)}
        />
      ),
    },
  ];
  const done = obra.separadas === obra.lineas;
  return (
    <Card
      size="small"
      className="vt-obra"
      title={
        <div className="vt-obra__title">
          <span>{presupuestoLabel({ numero: obra.numero_presupuesto, nombre_obra: obra.nombre_obra })}</span>
          <span className="vt-muted vt-obra__client">{obra.cliente_nombre}</span>
        </div>
      }
      extra={
        <Tag color={done ? "green" : obra.separadas > 0 ? "gold" : "default"}>
          {obra.separadas}/{obra.lineas} separados
        </Tag>
      }
    >
      <div className="vt-obra__tables">
        {PAUTA_CATEGORIES.filter((c) => groups[c].length > 0).map((c) => (
          <section key={c} aria-label={`${PAUTA_CATEGORY_LABELS[c]} ${obra.numero_presupuesto}`}>
            <h3 className="vt-obra__heading">{PAUTA_CATEGORY_LABELS[c]}</h3>
            <Table<Pauta>
              rowKey="id"
              size="small"
              columns={columns(c)}
              dataSource={groups[c]}
              pagination={false}
              tableLayout="fixed"
              rowClassName={(l) => (l.separado ? "vt-row-separado" : "")}
            />
          </section>
        ))}
      </div>
    </Card>
  );
}

export default function StockReservadoPage() {
  const { query, setQuery, text, setText, setRows, listKey, current } = usePagedQuery<Query, ObraReserva>(
    pautasKeys.reserved,
    { page: 1, q: "", soloPendientes: false },
    (q) => {
      const start = (q.page - 1) * PAGE_SIZE;
      return fetchObrasReserva({ start, end: start + PAGE_SIZE, q: q.q, soloPendientes: q.soloPendientes });
    },
    "No se pudieron cargar las obras con stock reservado",
  );
  // A work is a card of up to eight tables: three fill a 900 px screen even when each has one
  // table (nothing drawn later moves what is seen); the others are drawn a frame later.
  const write = useWrite();
  const shownWorks = useProgressiveRows(current?.rows, (o) => o.presupuesto_id, 3);
  const { busy, during } = useBusy<number>();
  const { banner, show, clear } = useBanner();

  /** Applies a line's value to the works shown (and their counts). */
  const applySeparado = (lineId: number, presupuestoId: number, separado: boolean) =>
    setRows((rows) =>
      rows.map((o) => {
        if (o.presupuesto_id !== presupuestoId) return o;
        let separadas = o.separadas;
        const pautas = o.pautas.map((l) => {
          if (l.id !== lineId || l.separado === separado) return l;
          separadas += separado ? 1 : -1;
          return { ...l, separado };
        });
        return { ...o, pautas, separadas };
      }),
    );

  const toggle = (line: Pauta, separado: boolean) =>
    during(line.id, async () => {
      applySeparado(line.id, line.presupuesto_id, separado);
      try {
        const saved = await write(() => setSeparado(line.categoria, line.id, separado), { from: listKey });
        applySeparado(line.id, line.presupuesto_id, saved.separado);
      } catch (error) {
        console.error("No se pudo guardar separado", error);
        applySeparado(line.id, line.presupuesto_id, !separado);
        show({ type: "error", message: MSG_SEPARADO_ERROR(line.codigo) });
      }
    });

  return (
    <Page title="Stock reservado por OT" subtitle="Materiales de las pautas de cada obra activa. Marque «Separado» cuando el material quede apartado para la obra." banner={banner} onCloseBanner={clear}>
      <Card size="small">
        <div className="vt-reserva-filters">
          <Input.Search
            allowClear
            aria-label="Buscar obra"
            placeholder="Buscar por presupuesto, obra, cliente, código o producto"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onSearch={(v) => setQuery((q) => ({ ...q, q: v.trim(), page: 1 }))}
          />
          <Checkbox checked={query.soloPendientes} onChange={(e) => setQuery((q) => ({ ...q, soloPendientes: e.target.checked, page: 1 }))}>
            Solo obras con ítems por separar
          </Checkbox>
        </div>
      </Card>

      {!current && <p className="vt-muted vt-empty">Cargando obras...</p>}
      {current && current.rows.length === 0 && (
        <Card size="small">
          <p className="vt-muted vt-empty">{query.q ? "No hay obras activas que coincidan con la búsqueda." : "No hay obras activas con pautas."}</p>
        </Card>
      )}
      {shownWorks?.map((obra) => (
        <WorkCard key={obra.presupuesto_id} obra={obra} busy={busy} onToggle={(l, v) => void toggle(l, v)} />
      ))}
      {current && (
        <CardPagination className="vt-reserva-pages" page={query.page} pageSize={PAGE_SIZE} total={current.total} capped={current.capped} noun="obras" onPage={(page) => setQuery((q) => ({ ...q, page }))} />
      )}
    </Page>
  );
}
