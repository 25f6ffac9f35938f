// A light loading indicator used while a lazy page chunk arrives.
export function PageLoading() {
  return (
    <div className="vt-loading" role="status" aria-live="polite">
      <span className="vt-loading__spinner" aria-hidden="true" />
      <span className="vt-visually-hidden">Cargando…</span>
    </div>
  );
}

export default PageLoading;
