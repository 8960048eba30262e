// The booking page's payment messages and action answer, apart from the zod schemas so the pay panel
// does not bring zod (~24 KB gzip) into the page's JavaScript.
export const PAYMENT_RECEIVED = "Payment received — held in escrow until your event is completed";

/** What the booking page's pay and "The event happened" actions answer (shared by the route and the panel). */
export type PaymentActionResult = {
  intent: "pay" | "event-happened" | "claim-manage" | "send-manage-link";
  ok: boolean;
  errors?: { email?: string };
  toast?: { type: "success" | "error"; message: string };
};

/** A booking with no event date cannot be paid: release waits for the event's end (issue 22 §2). */
export const PAY_NEEDS_DATE =
  "This booking has no event date yet. Ask the musician to set the event date, then pay.";

export const EVENT_HAPPENED_DONE = "Thank you! The payment has been released to the musician.";

/** Who may move a paid booking's money (ADR 0013): what the page and the refusals say. */
/** The toast after "Manage this booking on this device" worked. */
export const MANAGE_ON_THIS_DEVICE =
  "This device can now manage this booking: confirm the event happened, cancel or report a problem.";

export const PAYER_MESSAGES = {
  notPayer:
    "Only the person who paid for this booking can do this. If that is you, open the link from your payment receipt e-mail on this device, or ask for a new link on this page.",
  musician: "You are this booking's musician, so you cannot act for its client.",
  musiciansAddress:
    "This booking was paid with the musician's own e-mail address or account, so it cannot be managed from a link. Contact Stagebook support.",
  musicianPays: "You are this booking's musician, so you cannot pay it. Send the link to your client.",
  musiciansEmail:
    "That is the musician's own e-mail address. Enter the e-mail address of the person paying: the receipt and the way to manage this booking go there.",
  linkSent:
    "We have e-mailed a link to manage this booking to the address used to pay. It works once, on the device where you open it.",
  linkInvalid: "This link has expired or has already been used. Ask for a new one on this page.",
  notPaid: "This booking has not been paid, so there is nothing to manage yet.",
  tooManyLinks: "We have already sent several links. Please check your e-mail, or try again in an hour.",
} as const;
