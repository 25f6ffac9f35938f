// New quote, client text input (specification section 5): "an exact, case-insensitive
// name match selects the client. On leaving the field, if none is selected, the first
// client whose name contains the text is chosen and filled in."

export interface NamedClient {
  id: number;
  nombre: string;
}

function key(text: string | null | undefined): string {
  return (text ?? "").trim().toLocaleLowerCase("es-CL");
}

/** The client whose name equals the text, ignoring case and surrounding spaces; else null. */
export function findExactClient<T extends NamedClient>(clients: readonly T[], text: string | null | undefined): T | null {
  const k = key(text);
  if (k === "") return null;
  return clients.find((c) => key(c.nombre) === k) ?? null;
}

/** The first client (in list order) whose name contains the text, ignoring case; empty text → null. */
export function findFirstContaining<T extends NamedClient>(clients: readonly T[], text: string | null | undefined): T | null {
  const k = key(text);
  if (k === "") return null;
  return clients.find((c) => key(c.nombre).includes(k)) ?? null;
}

/**
 * Suggestions for the client autocomplete: clients whose name contains the text
 * (ignoring case), exact matches first, then names starting with the text, then the
 * rest, each group in list order; at most `limit`. Empty text → the first `limit`
 * clients, so the list opens with something to pick.
 */
export function suggestClients<T extends NamedClient>(clients: readonly T[], text: string | null | undefined, limit = 10): T[] {
  const k = key(text);
  if (limit <= 0) return [];
  if (k === "") return clients.slice(0, limit);
  const exact: T[] = [];
  const prefix: T[] = [];
  const contains: T[] = [];
  for (const c of clients) {
    const n = key(c.nombre);
    if (n === k) exact.push(c);
    else if (n.startsWith(k)) prefix.push(c);
    else if (n.includes(k)) contains.push(c);
  }
  return [...exact, ...prefix, ...contains].slice(0, limit);
}
