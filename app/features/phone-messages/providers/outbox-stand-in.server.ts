// The embedded stand-in used when a channel has no key: each message is one JSON file in
// $DATA_DIR/phone-outbox/<id>.json, { channel, to, text, event }, so a fresh clone runs every feature
// and tests read what was sent. Written atomically (temp file + rename): a reader never sees half.
import fs from "node:fs";
import path from "node:path";
import { env } from "~/server/env.server";
import type { PhoneProvider } from "./phone-provider";

export function phoneOutboxDir(): string {
  return path.resolve(env().DATA_DIR, "phone-outbox");
}

export const outboxStandIn: PhoneProvider = {
  async send(message) {
    const dir = phoneOutboxDir();
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${message.id}.json`);
    const body = { channel: message.channel, to: message.to, text: message.text, event: message.event };
    fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(body, null, 2)}\n`);
    fs.renameSync(`${file}.tmp`, file);
    return { ok: true, providerMessageId: `stand-in-${message.id}` };
  },
};
