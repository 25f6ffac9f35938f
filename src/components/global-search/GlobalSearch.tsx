// The top bar's global search (issue 19), keyboard first: Ctrl+K (⌘K) or "/" opens it
// anywhere outside a text box; typing searches (GET api/buscar, 150 ms after the last
// key, a late answer never replaces a newer one); ↑/↓ move through the results, grouped
// by kind; Enter opens the chosen record's screen; Escape closes.
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { Input, Modal, Spin, type InputRef } from "antd";
import { SearchOutlined } from "@ant-design/icons";
import { searchAll } from "../../custom-pages/platform/api/search";
import type { SearchHit, SearchKind } from "../../domain/search";
import { hitPath } from "./routes";
import { useApiQuery } from "../../data/query";
import "./global-search.css";

const DEBOUNCE_MS = 150;

interface Flat extends SearchHit {
  tipo: SearchKind;
  key: string;
}

/** Focus is in a place where "/" is text, not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

export function GlobalSearch() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const inputRef = useRef<InputRef>(null);
  const listId = useId();
  const q = text.trim();
  // The text searched: what is typed, once typing pauses.
  const [asked, setAsked] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setAsked(q), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q]);
  const search = useApiQuery(["buscar", asked], (signal) => searchAll(asked, signal), { failMessage: "No se pudo buscar", enabled: open && asked !== "" });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const ctrlK = (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k";
      const slash = e.key === "/" && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target);
      if (ctrlK || slash) {
        e.preventDefault();
        setOpen(true);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  // Only the answer for what the box says now (never an older text's).
  const current = asked === q && q !== "" ? search.current : null;
  const failed = asked === q && q !== "" && search.failed;
  useEffect(() => setActive(0), [current]);
  const flat = useMemo<Flat[]>(() => current?.grupos.flatMap((g) => g.resultados.map((r) => ({ ...r, tipo: g.tipo, key: `${g.tipo}-${r.id}` }))) ?? [], [current]);

  const close = useCallback(() => {
    setOpen(false);
    setText("");
  }, []);

  const go = (hit: Flat | undefined) => {
    if (!hit) return;
    close();
    void navigate(hitPath(hit.tipo, hit));
  };

  const onInputKey = (e: ReactKeyboardEvent) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (flat.length === 0) return;
      setActive((i) => (i + (e.key === "ArrowDown" ? 1 : flat.length - 1)) % flat.length);
    } else if (e.key === "Enter") {
      e.preventDefault();
      go(flat[active]);
    }
  };

  // Keep the chosen result in view while moving with the arrows.
  useEffect(() => {
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, listId]);

  let index = -1;
  const status = q === "" ? "Escriba un nombre, RUT, número o código." : failed ? "No se pudo buscar. Intente de nuevo." : current && flat.length === 0 ? `Sin resultados para «${q}».` : null;

  return (
    <>
      <button type="button" className="vt-search-trigger" onClick={() => setOpen(true)} aria-label="Búsqueda global (Ctrl+K)" aria-keyshortcuts="Control+K /">
        <SearchOutlined aria-hidden="true" />
        <span className="vt-search-trigger__text">Buscar clientes, presupuestos, OC…</span>
        <kbd className="vt-search-trigger__kbd">Ctrl K</kbd>
      </button>
      <Modal
        open={open}
        onCancel={close}
        footer={null}
        title="Buscar"
        width={640}
        className="vt-search-modal"
        destroyOnHidden
        afterOpenChange={(visible) => visible && inputRef.current?.focus()}
      >
        <Input
          ref={inputRef}
          autoFocus
          size="large"
          prefix={<SearchOutlined aria-hidden="true" />}
          placeholder="Cliente, RUT, presupuesto, obra, OC, material, proveedor, factura…"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onInputKey}
          role="combobox"
          aria-label="Buscar en Ventanal"
          aria-expanded={flat.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={flat.length > 0 ? `${listId}-${active}` : undefined}
          maxLength={100}
        />
        <div className="vt-search-results">
          {status ? (
            <p className="vt-search-status" role="status">
              {status}
            </p>
          ) : !current ? (
            <div className="vt-search-status">
              <Spin size="small" /> Buscando…
            </div>
          ) : null}
          {current && flat.length > 0 && (
            <div id={listId} role="listbox" aria-label="Resultados">
              {current.grupos.map((g) => (
                <div key={g.tipo} role="group" aria-label={g.etiqueta} className="vt-search-group">
                  <div className="vt-search-group__label" aria-hidden="true">
                    {g.etiqueta}
                  </div>
                  {g.resultados.map((r) => {
                    index += 1;
                    const i = index;
                    return (
                      <div
                        key={`${g.tipo}-${r.id}`}
                        id={`${listId}-${i}`}
                        role="option"
                        aria-selected={i === active}
                        className={`vt-search-hit${i === active ? " is-active" : ""}`}
                        onMouseMove={() => setActive(i)}
                        onClick={() => go(flat[i])}
                      >
                        <span className="vt-search-hit__title">{r.titulo}</span>
                        {r.detalle && <span className="vt-search-hit__detail">{r.detalle}</span>}
                      </div>
                    );
                  })}
                </div>
              ))}
            </div>
          )}
        </div>
        <p className="vt-search-help" aria-hidden="true">
          <kbd>↑</kbd> <kbd>↓</kbd> para moverse · <kbd>Enter</kbd> para abrir · <kbd>Esc</kbd> para cerrar
        </p>
      </Modal>
    </>
  );
}

export default GlobalSearch;
