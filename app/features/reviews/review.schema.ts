import { z } from "zod";
import { hasContactDetails, REVIEW_HAS_CONTACT } from "~/features/profiles/public-contact";
import { formText } from "~/lib/form-fields";

export { CLIENT_CRITERIA, type Criterion } from "./rating";

/** Form text: NUL dropped (PostgreSQL text cannot hold it), surrounding space trimmed. */
const cleanText = () => formText().trim();

const stars = (message: string) =>
  formText({ error: message })
    .regex(/^[1-5]$/, message)
    .transform(Number);

const reviewText = () =>
  formText({ error: "Write at least 20 characters about the booking" })
    .trim()
    .pipe(
      z
        .string()
        .min(20, "Write at least 20 characters about the booking")
        .max(2000, { message: "Keep your review to 2,000 characters or fewer", abort: true })
        // Published for everyone to read: contact details are refused (issue 36).
        .refine((v) => !hasContactDetails(v), REVIEW_HAS_CONTACT),
    );

const yesNo = (message: string) => z.enum(["yes", "no"], { error: message }).transform((v) => v === "yes");

/** Client → musician: overall stars, the four criteria, 20–2,000 characters. */
export const clientReviewSchema = z.object({
  overall: stars("Choose an overall rating from 1 to 5 stars"),
  satisfaction: stars("Rate satisfaction from 1 to 5"),
  professionalism: stars("Rate professionalism from 1 to 5"),
  communication: stars("Rate communication from 1 to 5"),
  punctuality: stars("Rate punctuality from 1 to 5"),
  body: reviewText(),
});

export type ClientReviewInput = z.output<typeof clientReviewSchema>;

/** Musician → organiser: overall stars, "paid on time", "treated the band well", text. */
export const organiserReviewSchema = z.object({
  bookingId: z.uuid("Booking not found"),
  overall: stars("Choose an overall rating from 1 to 5 stars"),
  paidOnTime: yesNo("Say whether you were paid on time"),
  treatedWell: yesNo("Say whether the band was treated well"),
  body: reviewText(),
});

export type OrganiserReviewInput = z.output<typeof organiserReviewSchema>;

export const replySchema = z.object({
  reviewId: z.uuid("Review not found"),
  reply: cleanText().pipe(
    formText()
      .min(1, "Write a reply first")
      .max(1000, { message: "Keep your reply to 1,000 characters or fewer", abort: true })
      .refine((v) => !hasContactDetails(v), REVIEW_HAS_CONTACT),
  ),
});

export const REPORT_REASON_REQUIRED = "Tell us why you are reporting this review";

export const reportSchema = z.object({
  reviewId: z.uuid("Review not found"),
  reason: formText({ error: REPORT_REASON_REQUIRED })
    .trim()
    .pipe(
      z.string().min(5, REPORT_REASON_REQUIRED).max(1000, "Keep the reason to 1,000 characters or fewer"),
    ),
});

export const hideReviewSchema = z.object({
  reportId: z.uuid("Report not found"),
  decision: z.enum(["hide", "dismiss"], { error: "Choose hide or dismiss" }),
  note: formText({ error: "Add a note for the record" })
    .trim()
    .pipe(
      formText().min(3, "Add a note for the record").max(1000, "Keep the note to 1,000 characters or fewer"),
    ),
});

export const reviewsPageSchema = z.object({
  page: z.coerce.number().int().min(1).max(1000).optional().default(1).catch(1),
});
