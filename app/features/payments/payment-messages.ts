// The booking page's payment messages and action answer, apart from the zod schemas so the pay panel
// does not bring zod (~24 KB gzip) into the page's JavaScript.
export const PAYMENT_RECEIVED = "Payment received — held in escrow until your event is completed";

/** What the booking page's pay and "The event happened" actions answer (shared by the route and the panel). */
export type PaymentActionResult = {
  intent: "pay" | "event-happened";
  ok: boolean;
  errors?: { email?: string };
  toast?: { type: "success" | "error"; message: string };
};

export const EVENT_HAPPENED_DONE = "Thank you! The payment has been released to the musician.";
