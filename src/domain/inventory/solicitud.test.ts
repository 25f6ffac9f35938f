import { describe, expect, it } from "vitest";
import {
  isSolicitudAprobada,
  LABEL_SOLO_PENDIENTES,
  MSG_SOLICITUD_ERROR,
  MSG_SOLICITUD_OK,
  SOLICITUD_APROBADA,
  solicitudItem,
} from "./solicitud";

describe("warehouse request form (section 5)", () => {
  const form = { codigo: " 10234 ", producto: "Marco corredera", cantidad: "2", solicitante: "Pedro Rojas" };

  it("adds an item with code, product, quantity ≥ 1 and requester", () => {
    expect(solicitudItem(form)).toEqual({ ok: true, item: { codigo: "10234", producto: "Marco corredera", cantidad: 2, solicitante: "Pedro Rojas" } });
    expect(solicitudItem({ ...form, cantidad: 1 })).toMatchObject({ ok: true, item: { cantidad: 1 } });
    expect(solicitudItem({ ...form, cantidad: "1,23456" })).toEqual({ ok: false, fields: ["cantidad"] });
    expect(solicitudItem({ ...form, cantidad: "1,5" })).toMatchObject({ ok: true, item: { cantidad: 1.5 } });
  });

  it("adds nothing when a field is missing, and says which", () => {
    expect(solicitudItem({ ...form, codigo: "" })).toEqual({ ok: false, fields: ["codigo"] });
    expect(solicitudItem({ ...form, producto: "  " })).toEqual({ ok: false, fields: ["producto"] });
    expect(solicitudItem({ ...form, solicitante: null })).toEqual({ ok: false, fields: ["solicitante"] });
    expect(solicitudItem({ codigo: "", producto: "", cantidad: "", solicitante: "" })).toEqual({ ok: false, fields: ["codigo", "producto", "cantidad", "solicitante"] });
  });

  it("needs a quantity of at least 1", () => {
    for (const q of ["0", "0,5", "-1", "", "abc", null]) expect(solicitudItem({ ...form, cantidad: q }), String(q)).toEqual({ ok: false, fields: ["cantidad"] });
  });

  it("has the section 8 messages", () => {
    expect(MSG_SOLICITUD_OK).toBe("Solicitud enviada correctamente.");
    expect(MSG_SOLICITUD_ERROR).toBe("Hubo un error al guardar la solicitud.");
    expect(LABEL_SOLO_PENDIENTES).toBe("Ver solo pendientes");
  });
});

describe("warehouse request state (section 4)", () => {
  it("is Aprobado or pending", () => {
    expect(SOLICITUD_APROBADA).toBe("Aprobado");
    expect(isSolicitudAprobada("Aprobado")).toBe(true);
    expect(isSolicitudAprobada("Pendiente")).toBe(false);
    expect(isSolicitudAprobada(undefined)).toBe(false);
  });

});
