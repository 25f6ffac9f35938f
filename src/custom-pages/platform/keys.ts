// The platform's query keys (src/data/query.ts).

export const platformKeys = {
  /** A record's Historial tab page. */
  recordHistory: (entidad: string, id: string, page: number) => ["auditoria", "registro", entidad, id, page],
  /** Historial de cambios (usePagedQuery's name). */
  history: "auditoria",
  /** The users Historial de cambios filters by. */
  historyUsers: () => ["auditoria", "usuarios"],
  /** The company's data (Administración → Empresa). */
  empresa: () => ["empresa"],
  /** The home's Hoy cards. */
  digest: () => ["resumen-diario"],
};
