// "Pautas de Materiales" (/OTPautasPage), specification 2.7, 5, 7, 8 and 9: the
// technical office builds a quote's material lists, one per category, by hand (category,
// code and product pickers that fill each other, quantity, "Añadir") or from the CSV the
// window-design program exports (a preview per category and the lines skipped, with the
// reason), edits them, and saves them all with "Guardar TODO": one call, one
// transaction, so either every category is saved or none is. "Ver Pautas Cargadas"
// shows what the server holds for the chosen quote, with quantity edit and delete.
//
// Quantities (issue 23.10): a quantity typed is stored as typed (bars for perfiles and
// refuerzos); only the file's quantities are converted (metres to bars of 5,8 m rounded
// up, or rounded up), as specification section 5 says of the CSV import. The list shows
// the quantity the server will store. A retry of "Guardar TODO" after a lost answer sends
// the same Idempotency-Key while the lists are unchanged, so nothing is added twice.
import { useCallback, useId, useMemo, useRef, useState } from "react";
import { Alert, Button, Card, Form, Input, Select, Upload } from "antd";
import { UploadOutlined } from "@ant-design/icons";
import { savePautasTodo } from "../api";
import { pautaWrites } from "../keys";
import { useWrite } from "../../../data/query";
import type { Presupuesto } from "../../sales/api";
import { PAUTA_CATEGORIES, PAUTA_CATEGORY_LABELS, isBarCategory, type PautaCategory } from "../../../domain/pautas/categories";
import { parsePautaCsv } from "../../../domain/pautas/csv";
import { addDraftLines, draftLineCount, draftToLote, emptyDraftLists, removeDraftLine, setDraftCantidad, type PautaDraftLists } from "../../../domain/pautas/draft";
import { MSG_PAUTA_CLIENTE_INVALIDO, MSG_PAUTA_ERROR, MSG_PAUTA_GUARDADA, validatePautaItem, validatePautaSave } from "../../../domain/pautas/validation";
import { formatNumber } from "../../../domain/format";
import { BannerAlert, Page } from "../../../components/Page";
import { useBanner } from "../../../components/useBanner";
import { newIdempotencyKey, toHttpError } from "../../../providers/http";
import { QuoteSelectors, usePreselectedQuote } from "../../sales/presupuestos/QuoteSelectors";
import type { ClienteRef } from "../../sales/clientes/ClientSelect";
import { CsvPreview, type CsvFile } from "./CsvPreview";
import { DraftLists } from "./DraftLists";
import { MaterialPickers, type MaterialValue } from "../../inventory/materiales/MaterialPickers";
import { SavedPautas } from "./SavedPautas";
import "./ot-pautas.css";

const CATEGORY_OPTIONS = PAUTA_CATEGORIES.map((c) => ({ value: c, label: PAUTA_CATEGORY_LABELS[c] }));

/** The lists and the Idempotency-Key of their next save (a new key whenever they change). */
interface Draft {
  lists: PautaDraftLists;
  key: string;
}

export default function OTPautasPage() {
  const ids = { category: useId(), code: useId(), product: useId(), qty: useId() };
  const [client, setClient] = useState<ClienteRef | null>(null);
  const [quote, setQuote] = useState<Presupuesto | null>(null);
  const [category, setCategory] = useState<PautaCategory>("perfiles");
  const [material, setMaterial] = useState<MaterialValue>({ codigo: "", producto: "" });
  const [qtyText, setQtyText] = useState("");
  const [addError, setAddError] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(() => ({ lists: emptyDraftLists(), key: newIdempotencyKey() }));
  const [csv, setCsv] = useState<CsvFile | null>(null);
  const [reading, setReading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [viewing, setViewing] = useState<{ quoteId: number; token: number } | null>(null);
  const { banner, show, clear } = useBanner({ hideAll: true });
  const savingRef = useRef(false);
  const write = useWrite();

  const changeLists = useCallback((update: (lists: PautaDraftLists) => PautaDraftLists) => {
    setDraft((d) => ({ lists: update(d.lists), key: newIdempotencyKey() }));
  }, []);

  usePreselectedQuote((c, q) => {
    setClient(c);
    setQuote(q);
  });

  const onSelectors = (c: ClienteRef | null, q: Presupuesto | null) => {
    setClient(c);
    setQuote(q);
    if (viewing && viewing.quoteId !== q?.id) setViewing(null);
  };

  const add = () => {
    const check = validatePautaItem({ codigo: material.codigo, producto: material.producto, cantidad: qtyText });
    if (!check.ok) {
      setAddError(check.message);
      return;
    }
    changeLists((lists) => addDraftLines(lists, category, [{ codigo: material.codigo.trim(), producto: material.producto.trim(), por_mano: check.cantidad }]));
    setMaterial({ codigo: "", producto: "" });
    setQtyText("");
    setAddError(null);
  };

  const readFile = async (file: File) => {
    setReading(true);
    try {
      const bytes = await file.arrayBuffer();
      setCsv({ name: file.name, result: parsePautaCsv(bytes) });
    } catch (error) {
      console.error("No se pudo leer el archivo", error);
      setCsv({ name: file.name, result: parsePautaCsv(new Uint8Array()) });
    } finally {
      setReading(false);
    }
  };

  const acceptCsv = () => {
    if (!csv) return;
    const { items } = csv.result;
    let added = 0;
    changeLists((lists) => {
      let next = lists;
      for (const c of PAUTA_CATEGORIES) {
        if (items[c].length > 0) next = addDraftLines(next, c, items[c].map((i) => ({ codigo: i.codigo, producto: i.producto, de_lista: i.cantidad_original })));
      }
      return next;
    });
    for (const c of PAUTA_CATEGORIES) added += items[c].length;
    setCsv(null);
    show({ type: "success", message: `${formatNumber(added, 0)} ítem(s) del CSV agregados a las listas.` });
  };

  const count = draftLineCount(draft.lists);

  const saveAll = async () => {
    if (savingRef.current) return;
    const invalid = validatePautaSave({ cliente_id: client?.id, presupuesto_id: quote?.id, items: draft.lists });
    if (invalid || !client || !quote) {
      show({ type: "error", message: invalid ?? MSG_PAUTA_ERROR });
      return;
    }
    const sent = draft;
    savingRef.current = true;
    setSaving(true);
    clear();
    try {
      const body = { cliente_id: client.id, presupuesto_id: quote.id, numero_presupuesto: quote.numero, categorias: draftToLote(sent.lists) };
      await write(() => savePautasTodo(body, `${sent.key}:${quote.id}`), { invalidates: pautaWrites });
      // Only the lists that were sent are emptied (lines added meanwhile stay).
      setDraft((d) => (d === sent ? { lists: emptyDraftLists(), key: newIdempotencyKey() } : d));
      show({ type: "success", message: MSG_PAUTA_GUARDADA });
      setViewing((v) => (v && v.quoteId === quote.id ? { quoteId: quote.id, token: v.token + 1 } : v));
    } catch (error) {
      console.error(MSG_PAUTA_ERROR, error);
      const http = toHttpError(error);
      if (http.message === MSG_PAUTA_CLIENTE_INVALIDO) {
        // Section 5: the client or the budget is not (or no longer) valid on the server.
        show({ type: "error", message: MSG_PAUTA_CLIENTE_INVALIDO });
      } else {
        const detail = http.errors ? [...new Set(Object.values(http.errors).flat())].slice(0, 3).join(" ") : http.message;
        show({ type: "error", message: MSG_PAUTA_ERROR, description: detail });
      }
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  const viewQuote = useMemo(() => (quote && viewing?.quoteId === quote.id ? quote : null), [quote, viewing]);

  return (
    <Page title="Pautas de Materiales" subtitle="Listas de materiales por presupuesto, por categoría.">
      <Card title="Presupuesto" size="small">
        <Form layout="vertical" component="div">
          <QuoteSelectors client={client} quote={quote} onChange={onSelectors} disabled={saving} />
        </Form>
        <div className="vt-actions" style={{ marginTop: 12 }}>
          <Button disabled={!quote} onClick={() => quote && setViewing((v) => ({ quoteId: quote.id, token: (v?.token ?? 0) + 1 }))}>
            Ver Pautas Cargadas
          </Button>
        </div>
      </Card>

      <Card title="Agregar ítems" size="small">
        <Form layout="vertical" component="div" onKeyDown={(e) => e.key === "Enter" && (e.target as HTMLElement).id === ids.qty && add()}>
          <div className="vt-grid vt-pauta-add">
            <Form.Item className="span-3" label="Categoría" htmlFor={ids.category}>
              <Select<PautaCategory> id={ids.category} value={category} options={CATEGORY_OPTIONS} onChange={setCategory} disabled={saving} />
            </Form.Item>
            <MaterialPickers
              value={material}
              onChange={(patch) => {
                setMaterial((m) => ({ ...m, ...patch }));
                setAddError(null);
              }}
              disabled={saving}
              codeId={ids.code}
              productId={ids.product}
              codeClass="span-3"
              productClass="span-6"
            />
            <Form.Item
              className="span-3"
              label="Cantidad"
              htmlFor={ids.qty}
              help={isBarCategory(category) ? "En barras: se guarda la cantidad escrita (el CSV convierte metros a barras de 5,8 m)." : undefined}
            >
              <Input
                id={ids.qty}
                value={qtyText}
                inputMode="decimal"
                placeholder={isBarCategory(category) ? "Barras" : "Cantidad"}
                disabled={saving}
                onChange={(e) => {
                  setQtyText(e.target.value);
                  setAddError(null);
                }}
              />
            </Form.Item>
            <div className="span-3 vt-pauta-add__button">
              <Button type="primary" onClick={add} disabled={saving}>
                Añadir
              </Button>
            </div>
          </div>
        </Form>
        {addError && <Alert type="error" showIcon message={addError} style={{ marginTop: 8 }} role="alert" />}
        <div className="vt-pauta-upload">
          <Upload
            accept=".csv,text/csv"
            showUploadList={false}
            maxCount={1}
            disabled={saving || reading}
            beforeUpload={(file) => {
              void readFile(file);
              return false; // read here: nothing is uploaded
            }}
          >
            <Button icon={<UploadOutlined />} loading={reading} disabled={saving}>
              Cargar CSV
            </Button>
          </Upload>
          <span className="vt-hint">CSV separado por punto y coma (ISO-8859-1), con títulos de sección (Profiles, Glass, Hardware…).</span>
        </div>
      </Card>

      {csv && <CsvPreview file={csv} onAccept={acceptCsv} onDiscard={() => setCsv(null)} />}

      <Card title={`Listas por categoría${count > 0 ? ` (${formatNumber(count, 0)} ítems)` : ""}`} size="small">
        <DraftLists
          lists={draft.lists}
          disabled={saving}
          onChangeCantidad={(c, codigo, n) => changeLists((lists) => setDraftCantidad(lists, c, codigo, n))}
          onRemove={(c, codigo) => changeLists((lists) => removeDraftLine(lists, c, codigo))}
        />
        <div style={{ marginTop: 12 }}>
          <BannerAlert banner={banner} onClose={clear} />
        </div>
        <div className="vt-actions vt-actions--end vt-actions--stack" style={{ marginTop: 12 }}>
          {count > 0 && (
            <Button disabled={saving} onClick={() => changeLists(() => emptyDraftLists())}>
              Vaciar listas
            </Button>
          )}
          <Button type="primary" onClick={() => void saveAll()} loading={saving} disabled={saving}>
            Guardar TODO
          </Button>
        </div>
      </Card>

      {viewQuote && viewing && <SavedPautas quote={viewQuote} reloadToken={viewing.token} onClose={() => setViewing(null)} />}
    </Page>
  );
}
