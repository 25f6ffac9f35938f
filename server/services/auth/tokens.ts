import { createHash, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/** Opaque session token: 256 random bits; only its SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

// argon2id (the library's default algorithm) with OWASP's minimum parameters.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}
// Verified against when the account does not exist, so timing does not reveal it.
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  return (dummy ??= hashPassword(randomBytes(16).toString("hex")));
}
