// The two providers' webhook signatures, checked in constant time like Paystack's:
// Termii: X-Termii-Signature = hex HMAC-SHA512 of the raw body, keyed with the account's secret key.
// WhatsApp: X-Hub-Signature-256 = "sha256=" + hex HMAC-SHA256 of the raw body, keyed with the app secret.
// With no key set, the stand-in's secrets are derived from BETTER_AUTH_SECRET (as the Paystack test
// provider's), so a webhook to a fresh clone is still refused unless signed.
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/server/env.server";

function standInSecret(what: string): string {
  const base = env().BETTER_AUTH_SECRET;
  if (!base) throw new Error("BETTER_AUTH_SECRET is not set: start the app through server.ts");
  return createHmac("sha256", base).update(`phone stand-in ${what}`).digest("hex");
}

export const termiiWebhookSecret = () => env().TERMII_SECRET_KEY ?? standInSecret("termii");
export const whatsappAppSecret = () => env().WHATSAPP_APP_SECRET ?? standInSecret("whatsapp");

export function termiiSignature(rawBody: string | Buffer, secret = termiiWebhookSecret()): string {
  return createHmac("sha512", secret).update(rawBody).digest("hex");
}

export function whatsappSignature(rawBody: string | Buffer, secret = whatsappAppSecret()): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`;
}

function sameHex(given: string, expected: string): boolean {
  const a = Buffer.from(given, "hex");
  const b = Buffer.from(expected, "hex");
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

export function verifyTermiiSignature(rawBody: Buffer, signature: string | null | undefined): boolean {
  if (typeof signature !== "string" || !/^[0-9a-f]{128}$/i.test(signature.trim())) return false;
  return sameHex(signature.trim().toLowerCase(), termiiSignature(rawBody));
}

export function verifyWhatsAppSignature(rawBody: Buffer, signature: string | null | undefined): boolean {
  const m = typeof signature === "string" ? /^sha256=([0-9a-f]{64})$/i.exec(signature.trim()) : null;
  if (!m) return false;
  return sameHex(m[1].toLowerCase(), whatsappSignature(rawBody).slice("sha256=".length));
}
