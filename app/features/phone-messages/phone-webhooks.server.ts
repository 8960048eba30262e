// The providers' webhooks: Termii's delivery reports and inbound SMS, WhatsApp Cloud API's message
// statuses and inbound messages (STOP, by either, turns a number's updates off). Each is refused (401) unless signed with our secret;
// what is signed but not understood is acknowledged (200) so the provider does not retry it forever.

import { db } from "~/server/db.server";
import { env, publicOrigin } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { queuePhoneMessage, textablePhone } from "./phone-messages.server";
import { findConsent, recordDelivery, saveConsent } from "./queries.server";
import { verifyTermiiSignature, verifyWhatsAppSignature } from "./webhook-signatures.server";

export type WebhookAnswer = { status: number; message: string };

const REFUSED: WebhookAnswer = { status: 401, message: "Invalid signature" };
const OK: WebhookAnswer = { status: 200, message: "OK" };

/** Words that end messages to a number (the usual SMS opt-out keywords). */
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "END", "QUIT", "CANCEL", "OPTOUT"]);

function parse(raw: Buffer): Record<string, unknown> | null {
  try {
    const v = JSON.parse(raw.toString("utf8"));
    return v && typeof v === "object" && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

/** A reply of STOP (or another opt-out word) from a number we text turns its updates off. */
async function stopIfAsked(from: string, text: string, by: "SMS" | "WhatsApp") {
  const word = text
    .trim()
    .toUpperCase()
    .replace(/[^A-Z]/g, "");
  const phone = textablePhone(from);
  if (!phone || !STOP_WORDS.has(word)) return;
  const before = await findConsent(phone);
  await saveConsent(phone, { enabled: false }, "stop");
  logger.info({ phone: `${phone.slice(0, 7)}…` }, `phone updates stopped by ${by}`);
  // Answered once: a second STOP to a number already off gets no second answer.
  if (before?.enabled === false) return;
  await queuePhoneMessage(db, {
    event: "updates_stopped",
    // Keyed by the consent it turned off: two deliveries of one STOP are one answer.
    eventKey: `updates_stopped:${phone}:${before?.updatedAt.toISOString() ?? "first"}`,
    side: "client",
    phone,
    vars: { link: `${publicOrigin()}/privacy#booking-texts` },
    reply: by === "SMS" ? "sms" : "whatsapp",
  });
}

/** Termii's status words (developer.termii.com "Events and Reports") → ours; null: not final yet. */
function termiiStatus(status: string): "delivered" | "failed" | null {
  const s = status.trim().toLowerCase();
  if (s === "delivered") return "delivered";
  if (s === "message sent" || s === "sent" || s === "received") return null;
  return "failed"; // "Message Failed", "DND Active on Phone Number", "Rejected", "Expired"
}

export async function handleTermiiWebhook(
  raw: Buffer,
  signature: string | undefined,
): Promise<WebhookAnswer> {
  if (!verifyTermiiSignature(raw, signature)) return REFUSED;
  const body = parse(raw);
  if (!body) return { status: 400, message: "Unreadable body" };
  const type = String(body.type ?? "").toLowerCase();
  if (type === "inbound") {
    await stopIfAsked(String(body.sender ?? body.from ?? ""), String(body.message ?? body.sms ?? ""), "SMS");
    return OK;
  }
  const id = body.message_id ?? body.id;
  const status = typeof body.status === "string" ? termiiStatus(body.status) : null;
  if ((typeof id === "string" || typeof id === "number") && status) {
    await recordDelivery(String(id), status, status === "failed" ? String(body.status) : null);
  }
  return OK;
}

type WhatsAppStatus = {
  id?: string;
  status?: string;
  errors?: { code?: number; title?: string; message?: string }[];
};

/** An inbound message as Meta sends it: typed text, or the words of a tapped quick-reply button. */
type WhatsAppMessage = {
  from?: string;
  type?: string;
  text?: { body?: string };
  button?: { text?: string };
  interactive?: { button_reply?: { title?: string } };
};

export async function handleWhatsAppWebhook(
  raw: Buffer,
  signature: string | undefined,
): Promise<WebhookAnswer> {
  if (!verifyWhatsAppSignature(raw, signature)) return REFUSED;
  const body = parse(raw) as {
    entry?: { changes?: { value?: { statuses?: WhatsAppStatus[]; messages?: WhatsAppMessage[] } }[] }[];
  } | null;
  if (!body) return { status: 400, message: "Unreadable body" };
  for (const entry of body.entry ?? []) {
    for (const change of entry.changes ?? []) {
      for (const m of change.value?.messages ?? []) {
        const words = m.text?.body ?? m.button?.text ?? m.interactive?.button_reply?.title ?? "";
        // WhatsApp gives the sender as digits with the country code ("2348031234567"), as Termii does.
        if (m.from) await stopIfAsked(m.from, words, "WhatsApp");
      }
      for (const s of change.value?.statuses ?? []) {
        if (!s.id) continue;
        if (s.status === "delivered" || s.status === "read") await recordDelivery(s.id, "delivered", null);
        else if (s.status === "failed") {
          const e = s.errors?.[0];
          await recordDelivery(
            s.id,
            "failed",
            e ? `${e.code ?? ""} ${e.title ?? e.message ?? ""}`.trim() : "failed",
          );
        }
      }
    }
  }
  return OK;
}

/** Meta's subscription check: echo hub.challenge when hub.verify_token is ours. */
export function whatsappVerification(query: Record<string, unknown>): WebhookAnswer {
  const token = env().WHATSAPP_VERIFY_TOKEN;
  if (query["hub.mode"] === "subscribe" && token && query["hub.verify_token"] === token) {
    return { status: 200, message: String(query["hub.challenge"] ?? "") };
  }
  return { status: 403, message: "Verification failed" };
}
