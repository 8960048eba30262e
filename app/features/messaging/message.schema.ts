import { z } from "zod";
import { formText } from "~/lib/form-fields";

export const MESSAGE_MAX = 2000;
export const EMPTY_MESSAGE = "Please type a message before sending.";
export const LONG_MESSAGE = "Messages can be at most 2,000 characters.";

export const messageBodySchema = formText({ error: EMPTY_MESSAGE })
  .trim()
  .min(1, EMPTY_MESSAGE)
  .max(MESSAGE_MAX, LONG_MESSAGE);

export const sendMessageSchema = z.object({
  conversationId: z.uuid("Conversation not found"),
  body: messageBodySchema,
});

/** The musician's Messages filters (spec §2 sidebar): all, with a booking, or inquiries (without). */
export const MUSICIAN_FILTERS = [
  { value: "all", label: "All Messages" },
  { value: "bookings", label: "With Bookings" },
  { value: "inquiries", label: "Inquiries" },
] as const;
export type ConversationFilter = (typeof MUSICIAN_FILTERS)[number]["value"];

export function conversationFilter(value: string | null): ConversationFilter {
  return value === "bookings" || value === "inquiries" ? value : "all";
}

/** A message as both pages and the live stream show it. */
export interface ThreadMessage {
  id: number;
  conversationId: string;
  mine: boolean;
  senderName: string;
  body: string;
  createdAt: string;
  /**
   * Earlier messages this one masked again (the rest of a number split across them, issue 36): the
   * page replaces their text with this, live, as the stored thread now reads.
   */
  revises?: { id: number; body: string }[];
}

export interface ConversationSummary {
  id: string;
  otherName: string;
  otherRole: string;
  lastMessage: string | null;
  lastMessageAt: string | null;
  unread: number;
  bookingId: string | null;
}
