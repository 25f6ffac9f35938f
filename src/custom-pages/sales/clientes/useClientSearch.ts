// Search-as-you-type over the clients (GET api/clientes/sugerencias), for the client
// pickers: no screen loads the whole client list (useSuggestions: one answer per text,
// the latest text's shown, a failed search silent).
import { suggestClientes, type Cliente } from "../api";
import { useSuggestions } from "../../../data/query";
import { salesKeys } from "../keys";

export function useClientSearch() {
  const { items, loading, search, lookup } = useSuggestions<Cliente>(salesKeys.clientSuggestions, suggestClientes, "No se pudo buscar clientes");
  return { clients: items, loading, search, lookup };
}
