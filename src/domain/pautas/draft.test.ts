import { describe, expect, it } from "vitest";
import { addDraftLines, draftLineCount, draftToLote, emptyDraftLists, groupPautasByCategory, removeDraftLine, setDraftCantidad } from "./draft";

describe("the lists of Pautas de Materiales before Guardar TODO", () => {
  it("adds CSV lines with the quantity the server will store (23,2 m → 4 bars; 2,35 → 3)", () => {
    let lists = addDraftLines(emptyDraftLists(), "perfiles", [{ codigo: "10001", producto: "Marco", de_lista: 23.2 }]);
    lists = addDraftLines(lists, "vidrio", [{ codigo: "70001", producto: "Termopanel", de_lista: 2.35 }]);
    expect(lists.perfiles).toEqual([{ codigo: "10001", producto: "Marco", por_mano: 0, de_lista: 23.2, cantidad: 4 }]);
    expect(lists.vidrio).toEqual([{ codigo: "70001", producto: "Termopanel", por_mano: 0, de_lista: 2.35, cantidad: 3 }]);
    expect(draftLineCount(lists)).toBe(2);
  });

  it("23.10 a quantity added by hand is kept as given: 7 refuerzos typed are 7; 6 + 4 of one code are 10", () => {
    let lists = addDraftLines(emptyDraftLists(), "refuerzos", [{ codigo: "20001", producto: "Refuerzo", por_mano: 7 }]);
    expect(lists.refuerzos).toEqual([{ codigo: "20001", producto: "Refuerzo", por_mano: 7, de_lista: 0, cantidad: 7 }]);
    lists = addDraftLines(lists, "perfiles", [{ codigo: "10001", producto: "Marco", por_mano: 6 }]);
    lists = addDraftLines(lists, "perfiles", [{ codigo: "10001", producto: "Marco", por_mano: 4 }]);
    expect(lists.perfiles[0].cantidad).toBe(10);
    expect(draftToLote(lists)).toEqual({
      perfiles: [{ codigo: "10001", producto: "Marco", cantidad: 10 }],
      refuerzos: [{ codigo: "20001", producto: "Refuerzo", cantidad: 7 }],
    });
    // By hand and from the CSV on one line: 2 bars + 5,9 m (2 bars) = 4; each part sent as what it is.
    lists = addDraftLines(lists, "perfiles", [{ codigo: "10001", producto: "Marco", de_lista: 5.9 }]);
    expect(lists.perfiles[0]).toMatchObject({ por_mano: 10, de_lista: 5.9, cantidad: 12 });
    expect(draftToLote(lists).perfiles).toEqual([
      { codigo: "10001", producto: "Marco", cantidad_original: 5.9 },
      { codigo: "10001", producto: "Marco", cantidad: 10 },
    ]);
  });

  it("adds a code already listed to its line (23,2 + 0,1 m → 5 bars), keeping the first product name", () => {
    let lists = addDraftLines(emptyDraftLists(), "perfiles", [{ codigo: "10001", producto: "Marco", de_lista: 23.2 }]);
    lists = addDraftLines(lists, "perfiles", [
      { codigo: " 10001", producto: "Otro nombre", de_lista: 0.1 },
      { codigo: "10002", producto: "Hoja", de_lista: 5.8 },
    ]);
    expect(lists.perfiles).toEqual([
      { codigo: "10001", producto: "Marco", por_mano: 0, de_lista: 23.3, cantidad: 5 },
      { codigo: "10002", producto: "Hoja", por_mano: 0, de_lista: 5.8, cantidad: 1 },
    ]);
    // The same code in another category is another line.
    lists = addDraftLines(lists, "refuerzos", [{ codigo: "10001", producto: "Marco", de_lista: 1 }]);
    expect(lists.refuerzos).toHaveLength(1);
  });

  it("edits a line's quantity (then it is the quantity stored, by hand) and removes lines", () => {
    let lists = addDraftLines(emptyDraftLists(), "perfiles", [
      { codigo: "10001", producto: "Marco", de_lista: 23.2 },
      { codigo: "10002", producto: "Hoja", de_lista: 5.8 },
    ]);
    lists = setDraftCantidad(lists, "perfiles", "10001", 7);
    expect(lists.perfiles[0]).toEqual({ codigo: "10001", producto: "Marco", por_mano: 7, de_lista: 0, cantidad: 7 });
    lists = removeDraftLine(lists, "perfiles", "10002");
    expect(lists.perfiles.map((l) => l.codigo)).toEqual(["10001"]);
  });

  it("sends only the categories that have lines", () => {
    const lists = addDraftLines(emptyDraftLists(), "tornillos", [{ codigo: "60001", producto: "Tornillo", de_lista: 100 }]);
    expect(draftToLote(lists)).toEqual({ tornillos: [{ codigo: "60001", producto: "Tornillo", cantidad_original: 100 }] });
  });

  it("groups stored rows by category, every category present", () => {
    const g = groupPautasByCategory([
      { id: 1, categoria: "vidrio" as const },
      { id: 2, categoria: "perfiles" as const },
      { id: 3, categoria: "vidrio" as const },
    ]);
    expect(g.vidrio.map((r) => r.id)).toEqual([1, 3]);
    expect(g.perfiles.map((r) => r.id)).toEqual([2]);
    expect(g.instalacion).toEqual([]);
  });
});
