// What every phone channel (Termii SMS, WhatsApp Cloud API, the embedded stand-in) takes and answers.
import type { PhoneChannel } from "../phone-texts";

export type OutgoingPhoneMessage = {
  /** Our message id (the stand-in's file name; WhatsApp's biz_opaque_callback_data). */
  id: string;
  channel: PhoneChannel;
  /** "+2348031234567" */
  to: string;
  /** The SMS, or the WhatsApp template's body as read. */
  text: string;
  event: string;
  /** WhatsApp only: the approved template and its body variables in order. */
  template?: string | null;
  variables?: string[] | null;
};

export type SendResult =
  | { ok: true; providerMessageId: string | null }
  /** `retry`: the provider may take it later (5xx, rate limit, no answer); else it never will. */
  | { ok: false; retry: boolean; error: string };

export interface PhoneProvider {
  send(message: OutgoingPhoneMessage): Promise<SendResult>;
}

/** "+2348031234567" → "2348031234567", as both providers write numbers. */
export const internationalDigits = (e164: string) => e164.replace(/^\+/, "");

/** A status no retry will change: the request itself is wrong (bad number, unknown template, bad key). */
export const permanentStatus = (status: number) =>
  status >= 400 && status < 500 && status !== 408 && status !== 429;

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown } | { error: string }> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = { message: text.slice(0, 200) };
    }
    return { status: res.status, json };
  } catch (err) {
    // No answer (refused, reset, timed out): it may have acted, so the job tries again (at least once).
    return { error: `no answer from the provider: ${(err as Error).message}` };
  }
}
