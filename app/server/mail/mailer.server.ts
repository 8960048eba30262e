import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "../env.server";
import { logger } from "../logger.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the mail (e.g. a booking's contract PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** Directory where mails are written as .eml files when SMTP_URL is unset. */
export function outboxDir(): string {
  return path.resolve(env().DATA_DIR, "outbox");
}

let transport: Transporter | undefined;
function getTransport(): Transporter {
  transport ??= env().SMTP_URL
    ? nodemailer.createTransport(env().SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return transport;
}

export async function sendMail(mail: Mail): Promise<void> {
  const info = await getTransport().sendMail({ from: env().MAIL_FROM, ...mail });
  if (!env().SMTP_URL) {
    fs.mkdirSync(outboxDir(), { recursive: true });
    const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, "_");
    const file = path.join(outboxDir(), `${Date.now()}-${safeTo}.eml`);
    fs.writeFileSync(file, info.message as Buffer);
    logger.info({ file }, "mail written to the outbox");
  }
}
