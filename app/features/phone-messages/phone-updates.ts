// The phone-updates panel's words and state, apart from the form's zod schema: the panel is on the
// booking page's first screen, and zod (24 KB gzip) is not for the browser there (issue 31).

export const PHONE_UPDATES_TITLE = "Booking updates by SMS or WhatsApp";

/** What a panel shows: the number (masked on a booking page), whether updates go, and how. */
export type PhoneUpdatesState = {
  /** "0803 123 4567" on one's own account; "•••• 4567" on a booking page. */
  phone: string;
  enabled: boolean;
  channel: "sms" | "whatsapp";
  /** Turned off by the person's own STOP reply (the panel says so, not just "Off"). */
  stoppedByReply?: boolean;
  /** A booking's texts turned off by someone holding only its link, not the client (issue 35 §1). */
  offByLink?: boolean;
};
