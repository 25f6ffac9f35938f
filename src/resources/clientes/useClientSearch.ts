// Search-as-you-type over the clients (GET api/clientes/sugerencias), for the client
// pickers: no screen loads the whole client list. Answers are kept per text while the
// screen is open; `clients` is the answer for the latest text searched, so a late answer
// for an older text never replaces it. A failed search is silent (spec 8) and not kept.
import { useCallback, useEffect, useRef, useState } from "react";
import { suggestClientes, type Cliente } from "../../api/sales";

const keyOf = (text: string) => text.trim().toLocaleLowerCase("es-CL");

export function useClientSearch() {
  const answers = useRef(new Map<string, Promise<Cliente[]>>());
  const latest = useRef("");
  const [shown, setShown] = useState<{ key: string; clients: Cliente[] } | null>(null);

  /** The clients for `text` (asked once per text). */
  const lookup = useCallback((text: string): Promise<Cliente[]> => {
    const key = keyOf(text);
    let answer = answers.current.get(key);
    if (!answer) {
      answer = suggestClientes(text.trim()).catch((error: unknown) => {
        console.error("No se pudo buscar clientes", error);
        answers.current.delete(key);
        return [];
      });
      answers.current.set(key, answer);
    }
    return answer;
  }, []);

  /** Shows the clients for `text` when they arrive, unless another text was searched meanwhile. */
  const search = useCallback(
    (text: string) => {
      const key = keyOf(text);
      latest.current = key;
      void lookup(text).then((clients) => {
        if (latest.current === key) setShown({ key, clients });
      });
    },
    [lookup],
  );

  useEffect(() => search(""), [search]);

  return { clients: shown?.clients ?? [], loading: shown?.key !== latest.current, search, lookup };
}
