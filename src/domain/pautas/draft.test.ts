import { describe, expect, it } from "vitest";
import { addDraftLines, draftLineCount, draftToLote, emptyDraftLists, groupPautasByCategory, removeDraftLine, setDraftOriginal } from "./draft";

describe("the lists of Pautas de Materiales before Guardar TODO", () => {
  it("adds lines per category with the quantity the server will store (23,2 m → 4 bars; 2,35 → 3)", () => {
    let lists = addDraftLines(emptyDraftLists(), "perfiles", [{ codigo: "10001", producto: "Marco", cantidad_original: 23.2 }]);
    lists = addDraftLines(lists, "vidrio", [{ codigo: "70001", producto: "Termopanel", cantidad_original: 2.35 }]);
    expect(lists.perfiles).toEqual([{ codigo: "10001", producto: "Marco", cantidad_original: 23.2, cantidad: 4 }]);
    expect(lists.vidrio).toEqual([{ codigo: "70001", producto: "Termopanel", cantidad_original: 2.35, cantidad: 3 }]);
    expect(draftLineCount(lists)).toBe(2);
  });

  it("adds a code already listed to its line (23,2 + 0,1 m → 5 bars), keeping the first product name", () => {
    let lists = addDraftLines(emptyDraftLists(), "perfiles", [{ codigo: "10001", producto: "Marco", cantidad_original: 23.2 }]);
    lists = addDraftLines(lists, "perfiles", [
      { codigo: " 10001", producto: "Otro nombre", cantidad_original: 0.1 },
      { codigo: "10002", producto: "Hoja", cantidad_original: 5.8 },
    ]);
    expect(lists.perfiles).toEqual([
      { codigo: "10001", producto: "Marco", cantidad_original: 23.3, cantidad: 5 },
      { codigo: "10002", producto: "Hoja", cantidad_original: 5.8, cantidad: 1 },
    ]);
    // The same code in another category is another line.
    lists = addDraftLines(lists, "refuerzos", [{ codigo: "10001", producto: "Marco", cantidad_original: 1 }]);
    expect(lists.refuerzos).toHaveLength(1);
  });

  it("edits a line's original quantity (its bars follow) and removes lines", () => {
    let lists = addDraftLines(emptyDraftLists(), "perfiles", [
      { codigo: "10001", producto: "Marco", cantidad_original: 23.2 },
      { codigo: "10002", producto: "Hoja", cantidad_original: 5.8 },
    ]);
    lists = setDraftOriginal(lists, "perfiles", "10001", 40.6);
    expect(lists.perfiles[0]).toMatchObject({ cantidad_original: 40.6, cantidad: 7 });
    lists = removeDraftLine(lists, "perfiles", "10002");
    expect(lists.perfiles.map((l) => l.codigo)).toEqual(["10001"]);
  });

  it("sends only the categories that have lines", () => {
    const lists = addDraftLines(emptyDraftLists(), "tornillos", [{ codigo: "60001", producto: "Tornillo", cantidad_original: 100 }]);
    expect(draftToLote(lists)).toEqual({ tornillos: [{ codigo: "60001", producto: "Tornillo", cantidad_original: 100, cantidad: 100 }] });
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
