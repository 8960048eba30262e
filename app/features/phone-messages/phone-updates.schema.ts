import { z } from "zod";

export { PHONE_UPDATES_TITLE, type PhoneUpdatesState } from "./phone-updates";
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
