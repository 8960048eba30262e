// Contract tests: the real Termii and WhatsApp Cloud API clients against a local node:http server
// answering as the providers do (fixtures/ from their published examples: Termii's send answer as its
// Node client types it, peoray/termii-nodejs-client; Meta's send answer and error object).
import { describe, expect, it } from "vitest";
import { providerServer } from "../../../../tests/support/provider-server";
import termiiSend from "./fixtures/termii-send.json";
import whatsappError from "./fixtures/whatsapp-error.json";
import whatsappSend from "./fixtures/whatsapp-send.json";
import type { OutgoingPhoneMessage } from "./phone-provider";
import { termiiClient } from "./termii-client.server";
import { whatsappClient } from "./whatsapp-client.server";

const provider = providerServer({ status: 404, body: { message: "no answer queued" } });
const { seen, answers } = provider;

const sms: OutgoingPhoneMessage = {
  id: "0b7f3c52-8d0c-4d6a-a2f4-9f1f5b3f0a11",
  channel: "sms",
  to: "+2348031234567",
  text: "Receipt: you paid NGN 94,500 for Tunde Sax, Wedding, 14 Dec 2026. https://stagebook.ng/booking/k3n9x2qa",
  event: "paid",
};

describe("Termii client", () => {
  const client = () =>
    termiiClient({ apiKey: "TLtest123", senderId: "Stagebook", baseUrl: provider.baseUrl });

  it("posts the SMS to /api/sms/send on the dnd route and keeps Termii's message id", async () => {
    answers.push({ status: 200, body: termiiSend });
    expect(await client().send(sms)).toEqual({ ok: true, providerMessageId: "9122821270554876574" });
    expect(seen).toEqual([
      {
        method: "POST",
        url: "/api/sms/send",
        auth: undefined,
        body: {
          api_key: "TLtest123",
          to: "2348031234567",
          from: "Stagebook",
          sms: sms.text,
          type: "plain",
          channel: "dnd",
        },
      },
    ]);
  });

  it("does not retry what Termii refuses (a bad number, a bad key)", async () => {
    answers.push({ status: 400, body: { message: "Invalid phone number" } });
    expect(await client().send(sms)).toEqual({
      ok: false,
      retry: false,
      error: "Termii 400: Invalid phone number",
    });
  });

  it("retries a server error, a rate limit and a lost answer", async () => {
    answers.push(
      { status: 500, body: { message: "Server Error" } },
      { status: 429, body: { message: "Too Many Attempts." } },
      "drop",
    );
    for (let i = 0; i < 3; i++) expect(await client().send(sms)).toMatchObject({ ok: false, retry: true });
    expect(seen).toHaveLength(3);
  });
});

describe("WhatsApp Cloud API client", () => {
  const client = () =>
    whatsappClient({
      token: "EAAGtest",
      phoneNumberId: "106540352242922",
      baseUrl: `${provider.baseUrl}/v21.0`,
      language: "en",
    });
  const message: OutgoingPhoneMessage = {
    ...sms,
    channel: "whatsapp",
    text: "Receipt: you paid ₦94,500 …",
    template: "booking_paid_receipt",
    variables: ["₦94,500", "Tunde Sax", "Wedding", "14 Dec 2026", "https://stagebook.ng/booking/k3n9x2qa"],
  };

  it("sends the approved template with its body variables and keeps the wamid", async () => {
    answers.push({ status: 200, body: whatsappSend });
    expect(await client().send(message)).toEqual({
      ok: true,
      providerMessageId: whatsappSend.messages[0]?.id,
    });
    expect(seen).toEqual([
      {
        method: "POST",
        url: "/v21.0/106540352242922/messages",
        auth: "Bearer EAAGtest",
        body: {
          messaging_product: "whatsapp",
          recipient_type: "individual",
          to: "2348031234567",
          type: "template",
          template: {
            name: "booking_paid_receipt",
            language: { code: "en" },
            components: [
              { type: "body", parameters: (message.variables ?? []).map((text) => ({ type: "text", text })) },
            ],
          },
          biz_opaque_callback_data: message.id,
        },
      },
    ]);
  });

  it("does not retry an unknown template; retries Meta's rate limit and a lost answer", async () => {
    answers.push({ status: 404, body: whatsappError });
    expect(await client().send(message)).toEqual({
      ok: false,
      retry: false,
      error: "WhatsApp 404 (132001): (#132001) Template name does not exist in the translation",
    });
    answers.push(
      { status: 400, body: { error: { message: "(#130429) Rate limit hit", code: 130429 } } },
      "drop",
    );
    expect(await client().send(message)).toMatchObject({ ok: false, retry: true });
    expect(await client().send(message)).toMatchObject({ ok: false, retry: true });
  });
});
