// Reading the outbox as a person reads their mail: the subject and the text, decoded (never imported by the app).
import fs from "node:fs";
import { outboxDir } from "~/server/mail/mailer.server";

function decodeQuotedPrintable(s: string): string {
  const soft = s.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i] ?? "", "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

export type ReadMail = { to: string; subject: string; text: string };

export function readEml(raw: string): ReadMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(head)?.[1] ?? "";
  const subject = header("Subject").replace(
    /=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi,
    (_m, enc: string, t: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(t, "base64").toString("utf8")
        : decodeQuotedPrintable(t.replace(/_/g, " ")),
  );
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body.replace(/\s/g, ""), "base64").toString("utf8")
        : body;
  return { to: header("To"), subject, text };
}

/** The mails written to this address, oldest first. */
export function mailsTo(address: string): ReadMail[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  const safe = address.replace(/[^a-z0-9@._-]/gi, "_");
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(`-${safe}.eml`))
    .sort()
    .map((f) => readEml(fs.readFileSync(`${dir}/${f}`, "utf8")));
}
