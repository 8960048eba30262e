// Reading the phone outbox as a person reads their phone (tests only; never imported by the app).
import fs from "node:fs";
import path from "node:path";
import { phoneOutboxDir } from "./providers/outbox-stand-in.server";

export type OutboxMessage = { channel: "sms" | "whatsapp"; to: string; text: string; event: string };

/** Every message the stand-in wrote, optionally only those to one number (+234…). */
export function phoneOutbox(to?: string): OutboxMessage[] {
  const dir = phoneOutboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as OutboxMessage)
    .filter((m) => !to || m.to === to);
}
