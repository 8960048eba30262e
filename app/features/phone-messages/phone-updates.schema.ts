import { z } from "zod";

export const PHONE_UPDATES_TITLE = "Booking updates by SMS or WhatsApp";
export const NO_MOBILE_FOR_UPDATES =
  "Add a Nigerian mobile number (e.g. 0803 123 4567) to get booking updates by SMS or WhatsApp.";

/** The one form behind every "Booking updates by SMS or WhatsApp" panel. */
export const phoneUpdatesFormSchema = z.object({
  scope: z.enum(["account", "booking"]),
  slug: z
    .string()
    .regex(/^[a-z0-9]{8}$/)
    .optional(),
  enabled: z.enum(["on", "off"]),
  channel: z.enum(["sms", "whatsapp"]).optional(),
  returnTo: z.string().optional(),
});
export type PhoneUpdatesForm = z.infer<typeof phoneUpdatesFormSchema>;

/** What a panel shows: the number (masked on a booking page), whether updates go, and how. */
export type PhoneUpdatesState = {
  /** "0803 123 4567" on one's own account; "•••• 4567" on a booking page. */
  phone: string;
  enabled: boolean;
  channel: "sms" | "whatsapp";
};
