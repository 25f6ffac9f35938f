import { describe, expect, it } from "vitest";
import { findExactClient, findFirstContaining, suggestClients } from "./client-match";

const clients = [
  { id: 1, nombre: "Constructora Los Andes" },
  { id: 2, nombre: "Juan Pérez" },
  { id: 3, nombre: "Andes Ventanas SpA" },
  { id: 4, nombre: "Los Andes" },
  { id: 5, nombre: "María Andes Soto" },
];

describe("client text on the new quote (section 5)", () => {
  it("selects an exact name match ignoring case and surrounding spaces", () => {
    expect(findExactClient(clients, "juan pérez")?.id).toBe(2);
    expect(findExactClient(clients, "  LOS ANDES ")?.id).toBe(4);
    expect(findExactClient(clients, "Juan")).toBeNull();
    expect(findExactClient(clients, "")).toBeNull();
    expect(findExactClient([], "Juan Pérez")).toBeNull();
  });

  it("on leaving the field picks the first client whose name contains the text", () => {
    expect(findFirstContaining(clients, "andes")?.id).toBe(1);
    expect(findFirstContaining(clients, "PÉREZ")?.id).toBe(2);
    expect(findFirstContaining(clients, " soto ")?.id).toBe(5);
    expect(findFirstContaining(clients, "xyz")).toBeNull();
    expect(findFirstContaining(clients, "")).toBeNull();
    expect(findFirstContaining(clients, "   ")).toBeNull();
    expect(findFirstContaining(clients, null)).toBeNull();
  });

  it("suggests exact, then prefix, then other matches, up to the limit", () => {
    expect(suggestClients(clients, "los andes").map((c) => c.id)).toEqual([4, 1]);
    expect(suggestClients(clients, "andes").map((c) => c.id)).toEqual([3, 1, 4, 5]);
    expect(suggestClients(clients, "andes", 2).map((c) => c.id)).toEqual([3, 1]);
    expect(suggestClients(clients, "nadie")).toEqual([]);
    expect(suggestClients(clients, "andes", 0)).toEqual([]);
  });

  it("suggests the first clients for empty text and keeps extra fields (generic)", () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, nombre: `Cliente ${i + 1}`, rut: null }));
    expect(suggestClients(many, "")).toHaveLength(10);
    expect(suggestClients(many, "cliente 2")[0]).toEqual({ id: 2, nombre: "Cliente 2", rut: null });
  });
});
