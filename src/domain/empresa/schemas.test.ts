import { describe, expect, it } from "vitest";
import { z } from "zod";
import { logoBytesMatch, logoField, MSG_LOGO_CONTENIDO } from "./schemas";

const url = (type: string, bytes: number[]) => `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46];

describe("32.3.10 the company logo's bytes", () => {
  it("a PNG starts with its signature and a JPEG with SOI; anything else under those types is refused", () => {
    expect(logoBytesMatch(url("image/png", PNG))).toBe(true);
    expect(logoBytesMatch(url("image/jpeg", JPEG))).toBe(true);
    expect(logoBytesMatch(url("image/png", JPEG))).toBe(false);
    expect(logoBytesMatch(url("image/jpeg", PNG))).toBe(false);
    expect(logoBytesMatch(url("image/png", [...Buffer.from("<svg onload=alert(1)>")]))).toBe(false);
    expect(logoBytesMatch(url("image/png", [0x89, 0x50]))).toBe(false);
    const body = z.object({ logo: logoField });
    const refused = body.safeParse({ logo: url("image/png", [...Buffer.from("GIF89a......")]) });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0].message).toBe(MSG_LOGO_CONTENIDO);
    expect(body.parse({ logo: url("image/png", PNG) }).logo).toMatch(/^data:image\/png;base64,/);
  });
});
