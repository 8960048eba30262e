CREATE TABLE "booking_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"transaction_reference" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_refunds_amount_check" CHECK ("booking_refunds"."amount_kobo" > 0),
	CONSTRAINT "booking_refunds_status_check" CHECK ("booking_refunds"."status" IN ('pending', 'processed', 'failed')),
	CONSTRAINT "booking_refunds_reason_check" CHECK ("booking_refunds"."reason" IN ('musician_cancelled', 'client_cancelled', 'dispute'))
);
--> statement-breakpoint
CREATE TABLE "musician_payment_settings" (
	"musician_id" uuid PRIMARY KEY NOT NULL,
	"cancellation_policy" text DEFAULT 'flexible' NOT NULL,
	"bank_code" text,
	"bank_name" text,
	"account_number" text,
	"account_name" text,
	"recipient_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "musician_payment_settings_policy_check" CHECK ("musician_payment_settings"."cancellation_policy" IN ('flexible', 'moderate', 'strict')),
	CONSTRAINT "musician_payment_settings_account_number_check" CHECK ("musician_payment_settings"."account_number" IS NULL OR "musician_payment_settings"."account_number" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "musician_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"musician_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"recipient_code" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "musician_payouts_amount_check" CHECK ("musician_payouts"."amount_kobo" > 0),
	CONSTRAINT "musician_payouts_status_check" CHECK ("musician_payouts"."status" IN ('pending', 'paid', 'failed', 'reversed'))
);
--> statement-breakpoint
CREATE TABLE "paystack_charge_disputes" (
	"provider_dispute_id" text PRIMARY KEY NOT NULL,
	"transaction_reference" text NOT NULL,
	"amount_kobo" bigint,
	"category" text,
	"status" text,
	"note" text,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paystack_test_records" (
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"amount_kobo" bigint,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paystack_test_records_kind_reference_pk" PRIMARY KEY("kind","reference"),
	CONSTRAINT "paystack_test_records_kind_check" CHECK ("paystack_test_records"."kind" IN ('transaction', 'recipient', 'transfer', 'refund'))
);
--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD CONSTRAINT "booking_refunds_booking_id_bookings_by_musician_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings_by_musician"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "musician_payment_settings" ADD CONSTRAINT "musician_payment_settings_musician_id_musician_profiles_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musician_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "musician_payouts" ADD CONSTRAINT "musician_payouts_musician_id_musician_profiles_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musician_profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_refunds_booking_key" ON "booking_refunds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_refunds_status_idx" ON "booking_refunds" USING btree ("status");--> statement-breakpoint
CREATE INDEX "booking_refunds_transaction_reference_idx" ON "booking_refunds" USING btree ("transaction_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "musician_payouts_reference_key" ON "musician_payouts" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "musician_payouts_musician_created_idx" ON "musician_payouts" USING btree ("musician_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "paystack_charge_disputes_reference_idx" ON "paystack_charge_disputes" USING btree ("transaction_reference");