-- Issue 30: booking and money events by SMS and WhatsApp. One row per message (event, side, channel;
-- message_key unique across hosts), its delivery status; each number's consent and channel; an
-- organiser's "off" for one booking.
CREATE TABLE "phone_messages" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "message_key" text NOT NULL,
  "event" text NOT NULL,
  "side" text NOT NULL,
  "channel" text NOT NULL,
  "to_phone" text NOT NULL,
  "booking_id" uuid REFERENCES "bookings_by_musician"("id") ON DELETE SET NULL,
  "request_id" uuid,
  "text" text NOT NULL,
  "template" text,
  "variables" jsonb,
  "status" text DEFAULT 'queued' NOT NULL,
  "send_after" timestamp with time zone DEFAULT now() NOT NULL,
  "claimed_until" timestamp with time zone,
  "attempts" integer DEFAULT 0 NOT NULL,
  "last_error" text,
  "provider_message_id" text,
  "sent_at" timestamp with time zone,
  "delivered_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "phone_messages_channel_check" CHECK ("channel" IN ('sms', 'whatsapp')),
  CONSTRAINT "phone_messages_side_check" CHECK ("side" IN ('musician', 'client')),
  CONSTRAINT "phone_messages_status_check" CHECK ("status" IN ('queued', 'sent', 'delivered', 'failed', 'skipped'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "phone_messages_message_key_key" ON "phone_messages" ("message_key");--> statement-breakpoint
CREATE INDEX "phone_messages_booking_idx" ON "phone_messages" ("booking_id", "created_at");--> statement-breakpoint
CREATE INDEX "phone_messages_provider_id_idx" ON "phone_messages" ("provider_message_id");--> statement-breakpoint
CREATE INDEX "phone_messages_queued_idx" ON "phone_messages" ("send_after") WHERE "status" = 'queued';--> statement-breakpoint
CREATE TABLE "phone_consents" (
  "phone" text PRIMARY KEY NOT NULL,
  "enabled" boolean DEFAULT true NOT NULL,
  "channel" text DEFAULT 'sms' NOT NULL,
  "changed_by" text NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "phone_consents_channel_check" CHECK ("channel" IN ('sms', 'whatsapp'))
);--> statement-breakpoint
CREATE TABLE "phone_booking_mutes" (
  "booking_id" uuid PRIMARY KEY NOT NULL REFERENCES "bookings_by_musician"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
