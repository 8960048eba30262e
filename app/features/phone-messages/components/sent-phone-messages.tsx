import type { SentPhoneMessage } from "../phone-admin.server";

const STATUS_WORDS: Record<string, string> = {
  queued: "Waiting to send",
  sent: "Sent",
  delivered: "Delivered",
  failed: "Failed",
  skipped: "Not sent (turned off)",
};

const when = (at: Date | string | null) =>
  at
    ? new Date(at).toLocaleString("en-GB", {
        timeZone: "Africa/Lagos",
        dateStyle: "medium",
        timeStyle: "short",
      })
    : "—";

/** The admin's list of a booking's SMS and WhatsApp messages, newest first. */
export function SentPhoneMessages({ messages }: { messages: SentPhoneMessage[] }) {
  if (messages.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
        No SMS or WhatsApp messages for this booking
      </p>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Phone messages">
      {messages.map((m) => (
        <li key={m.id} className="grid gap-1 rounded-lg border p-3 text-sm">
          <div className="flex flex-wrap justify-between gap-2">
            <span className="font-medium">
              {m.event} to the {m.side === "client" ? "organiser" : "musician"} by{" "}
              {m.channel === "whatsapp" ? `WhatsApp (${m.template})` : "SMS"} · {m.toPhone}
            </span>
            <span data-status={m.status}>
              {STATUS_WORDS[m.status] ?? m.status}
              {m.attempts > 1 ? ` after ${m.attempts} tries` : ""}
            </span>
          </div>
          <p className="whitespace-pre-wrap text-muted-foreground">{m.text}</p>
          <p className="text-xs text-muted-foreground">
            Due {when(m.sendAfter)} · sent {when(m.sentAt)} · delivered {when(m.deliveredAt)}
            {m.lastError ? ` · ${m.lastError}` : ""}
          </p>
        </li>
      ))}
    </ul>
  );
}
