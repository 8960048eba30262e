// Each channel's real client when its key is set, else the embedded stand-in (README, "Phone messages").
import { env } from "~/server/env.server";
import type { PhoneChannel } from "../phone-texts";
import { outboxStandIn } from "./outbox-stand-in.server";
import type { PhoneProvider } from "./phone-provider";
import { termiiClient } from "./termii-client.server";
import { whatsappClient } from "./whatsapp-client.server";

export function providerFor(channel: PhoneChannel): PhoneProvider {
  const e = env();
  if (channel === "sms") {
    return e.TERMII_API_KEY
      ? termiiClient({ apiKey: e.TERMII_API_KEY, senderId: e.TERMII_SENDER_ID, baseUrl: e.TERMII_BASE_URL })
      : outboxStandIn;
  }
  return e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID
    ? whatsappClient({
        token: e.WHATSAPP_TOKEN,
        phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
        baseUrl: e.WHATSAPP_BASE_URL,
        language: e.WHATSAPP_TEMPLATE_LANGUAGE,
      })
    : outboxStandIn;
}
