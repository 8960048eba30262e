// Meta's WhatsApp Cloud API: POST {base}/{phone-number-id}/messages with a Bearer token. We write
// first, so every message is an approved template (name, language, body parameters in order). Answer:
// { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid…" }] }; an error answers
// { error: { message, type, code, error_subcode, fbtrace_id } }.
import {
  internationalDigits,
  type PhoneProvider,
  permanentStatus,
  postJson,
  type SendResult,
} from "./phone-provider";

export type WhatsAppConfig = { token: string; phoneNumberId: string; baseUrl: string; language: string };

/** Cloud API error codes worth another try: rate limits and Meta's own temporary failures. */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

export function whatsappClient(config: WhatsAppConfig): PhoneProvider {
  return {
    async send(message): Promise<SendResult> {
      if (!message.template) return { ok: false, retry: false, error: "WhatsApp needs a template" };
      const answer = await postJson(
        `${config.baseUrl.replace(/\/$/, "")}/${encodeURIComponent(config.phoneNumberId)}/messages`,
        {
          messaging_product: "whatsapp",
          recipient_type: "individual",
          to: internationalDigits(message.to),
          type: "template",
          template: {
            name: message.template,
            language: { code: config.language },
            components: [
              {
                type: "body",
                parameters: (message.variables ?? []).map((text) => ({ type: "text", text })),
              },
            ],
          },
          // Comes back on the status webhooks: which of our messages a status is about.
          biz_opaque_callback_data: message.id,
        },
        { Authorization: `Bearer ${config.token}` },
      );
      if ("error" in answer) return { ok: false, retry: true, error: answer.error };
      const body = (answer.json ?? {}) as {
        messages?: { id?: string }[];
        error?: { message?: string; code?: number };
      };
      const id = body.messages?.[0]?.id;
      if (answer.status >= 200 && answer.status < 300 && id) return { ok: true, providerMessageId: id };
      const code = body.error?.code;
      const error = `WhatsApp ${answer.status}${code ? ` (${code})` : ""}: ${body.error?.message ?? "no message id"}`;
      const retry = !permanentStatus(answer.status) || (code !== undefined && RETRYABLE_CODES.has(code));
      return { ok: false, retry, error };
    },
  };
}
