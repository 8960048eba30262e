import { z } from "zod";
import { formText } from "~/lib/form-fields";

export const WAITLIST_JOINED =
  "Successfully joined the waitlist! We'll let you know when new musicians join.";
export const WAITLIST_FAILED = "There was an error joining the waitlist. Please try again.";

// Spec §5 messages.
export const waitlistSchema = z.object({
  firstName: formText("First name must be at least 2 characters")
    .trim()
    .min(2, "First name must be at least 2 characters")
    .max(100, "First name must be 100 characters or fewer"),
  phoneNumber: formText("Please enter a valid phone number")
    .trim()
    .min(10, "Please enter a valid phone number")
    .max(20, "Please enter a valid phone number")
    .regex(/^\+?[\d\s()-]+$/, "Please enter a valid phone number"),
  email: formText("Please enter a valid email address")
    .trim()
    .max(254, "Please enter a valid email address")
    .pipe(z.email("Please enter a valid email address")),
});

export type WaitlistInput = z.infer<typeof waitlistSchema>;
