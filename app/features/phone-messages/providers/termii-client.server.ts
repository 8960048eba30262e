// Termii's SMS API (https://developer.termii.com), as its clients call it: POST {base}/api/sms/send with
// the API key in the JSON body, route "dnd" so numbers on the Do-Not-Disturb register still receive
// transactional messages. Answer: { code: "ok", message_id, message, balance, user }.
import {
  internationalDigits,
  type PhoneProvider,
  permanentStatus,
  postJson,
  type SendResult,
} from "./phone-provider";

export type TermiiConfig = { apiKey: string; senderId: string; baseUrl: string };

export function termiiClient(config: TermiiConfig): PhoneProvider {
  return {
    async send(message): Promise<SendResult> {
      const answer = await postJson(`${config.baseUrl.replace(/\/$/, "")}/api/sms/send`, {
        api_key: config.apiKey,
        to: internationalDigits(message.to),
        from: config.senderId,
        sms: message.text,
        type: "plain",
        channel: "dnd",
      });
      if ("error" in answer) return { ok: false, retry: true, error: answer.error };
      const body = (answer.json ?? {}) as { code?: string; message_id?: string | number; message?: string };
      if (answer.status >= 200 && answer.status < 300 && body.message_id !== undefined) {
        return { ok: true, providerMessageId: String(body.message_id) };
      }
      const error = `Termii ${answer.status}: ${body.message ?? "no message id"}`;
      return { ok: false, retry: !permanentStatus(answer.status), error };
    },
  };
}
