import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Shown } from "~/features/messaging/contact-boundary";
import { env } from "../env.server";
import { logger } from "../logger.server";

/**
 * An e-mail. Its subject and body are `Shown` (ADR 0028 addendum): built only of our words
 * (`ourWords`), text through the contact boundary (`shownTo`, `textShownTo`, `readByAuthor`) and
 * `sentence`s of those, so a builder that puts a raw typed field (a name, a venue, "Others", a message,
 * a dispute's reason) into a mail is a type error, not a leak found by the crawler.
 */
export interface Mail {
  to: string;
  subject: Shown;
  text: Shown;
  html?: Shown;
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

/**
 * How a reader of an e-mail reaches us, for a mail that asks them to write back: "write to
 * help@stagebook.ng (or reply to this e-mail) or call 0800 …", or null when neither SUPPORT_EMAIL nor
 * SUPPORT_PHONE is set; then no mail may say "reply to this e-mail" (it comes from no-reply@).
 */
export function writeToUs(): string | null {
  const { SUPPORT_EMAIL: email, SUPPORT_PHONE: phone } = env();
  if (!email && !phone) return null;
  const parts = [
    email ? `write to ${email} (or reply to this e-mail)` : null,
    phone ? `call ${phone}` : null,
  ];
  return parts.filter(Boolean).join(" or ");
}

export async function sendMail(mail: Mail): Promise<void> {
  // Every mail is answerable when a support address is set: a reply reaches people, not no-reply@.
  const replyTo = env().SUPPORT_EMAIL;
  const info = await getTransport().sendMail({
    from: env().MAIL_FROM,
    ...(replyTo ? { replyTo } : {}),
    ...mail,
  });
  if (!env().SMTP_URL) {
    fs.mkdirSync(outboxDir(), { recursive: true });
    const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, "_");
    const file = path.join(outboxDir(), `${Date.now()}-${safeTo}.eml`);
    fs.writeFileSync(file, info.message as Buffer);
    logger.info({ file }, "mail written to the outbox");
  }
}
