CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"impersonated_by" text,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"role" text DEFAULT 'musician' NOT NULL,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "musician_availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"date" date NOT NULL,
	"is_all_day" boolean DEFAULT true NOT NULL,
	"start_time" time,
	"end_time" time,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "musician_availability_times_check" CHECK ("musician_availability"."is_all_day" OR ("musician_availability"."start_time" IS NOT NULL AND "musician_availability"."end_time" IS NOT NULL AND "musician_availability"."end_time" > "musician_availability"."start_time"))
);
--> statement-breakpoint
CREATE TABLE "booking_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"musician_id" uuid NOT NULL,
	"client_name" text NOT NULL,
	"email" text,
	"phone_number" text,
	"event_type" text NOT NULL,
	"event_type_other" text,
	"location" text,
	"event_date" date,
	"event_duration" text NOT NULL,
	"budget_estimate_kobo" bigint,
	"additional_details" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_requests_status_check" CHECK ("booking_requests"."status" IN ('pending', 'accepted', 'declined')),
	CONSTRAINT "booking_requests_event_type_check" CHECK ("booking_requests"."event_type" IN ('wedding', 'birthday', 'corporate', 'cocktail', 'concert', 'award', 'gala', 'other')),
	CONSTRAINT "booking_requests_budget_check" CHECK ("booking_requests"."budget_estimate_kobo" IS NULL OR "booking_requests"."budget_estimate_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bookings_by_musician" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"musician_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"client_name" text NOT NULL,
	"email" text,
	"phone_number" text,
	"service_type" text NOT NULL,
	"service_type_other" text,
	"price_kobo" bigint,
	"event_type" text NOT NULL,
	"event_type_other" text,
	"location" text,
	"event_date" date,
	"event_start_time" time,
	"event_end_time" time,
	"additional_details" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"request_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_by_musician_status_check" CHECK ("bookings_by_musician"."status" IN ('pending', 'confirmed', 'completed', 'cancelled')),
	CONSTRAINT "bookings_by_musician_price_check" CHECK ("bookings_by_musician"."price_kobo" IS NULL OR "bookings_by_musician"."price_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "client_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"client_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"dispute_reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "musician_performances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"event_title" text NOT NULL,
	"event_date" date,
	"event_type" text NOT NULL,
	"location" text,
	"start_time" time,
	"end_time" time,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "musician_portfolio_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"content_url" text NOT NULL,
	"title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "musician_portfolio_items_type_check" CHECK ("musician_portfolio_items"."item_type" IN ('image', 'audio', 'video'))
);
--> statement-breakpoint
CREATE TABLE "musician_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"stage_name" text,
	"slug" text,
	"phone_number" text,
	"website_active" boolean DEFAULT false NOT NULL,
	"location" text,
	"hourly_rate_kobo" bigint,
	"bio" text,
	"performance_style" text,
	"equipment" text,
	"profile_image" text,
	"performance_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"event_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"social_links" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "musician_profiles_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "musician_profiles_hourly_rate_check" CHECK ("musician_profiles"."hourly_rate_kobo" IS NULL OR "musician_profiles"."hourly_rate_kobo" >= 0),
	CONSTRAINT "musician_profiles_slug_format_check" CHECK ("musician_profiles"."slug" IS NULL OR "musician_profiles"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "musician_availability" ADD CONSTRAINT "musician_availability_profile_id_musician_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."musician_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_musician_id_musician_profiles_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musician_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings_by_musician" ADD CONSTRAINT "bookings_by_musician_musician_id_musician_profiles_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musician_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings_by_musician" ADD CONSTRAINT "bookings_by_musician_request_id_booking_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."booking_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_disputes" ADD CONSTRAINT "client_disputes_booking_id_bookings_by_musician_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings_by_musician"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "musician_performances" ADD CONSTRAINT "musician_performances_profile_id_musician_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."musician_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "musician_portfolio_items" ADD CONSTRAINT "musician_portfolio_items_profile_id_musician_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."musician_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "musician_profiles" ADD CONSTRAINT "musician_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "musician_availability_profile_date_idx" ON "musician_availability" USING btree ("profile_id","date");--> statement-breakpoint
CREATE INDEX "musician_availability_date_idx" ON "musician_availability" USING btree ("date");--> statement-breakpoint
CREATE INDEX "booking_requests_musician_status_created_idx" ON "booking_requests" USING btree ("musician_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_by_musician_slug_key" ON "bookings_by_musician" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "bookings_by_musician_musician_date_idx" ON "bookings_by_musician" USING btree ("musician_id","event_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_by_musician_musician_status_idx" ON "bookings_by_musician" USING btree ("musician_id","status");--> statement-breakpoint
CREATE INDEX "bookings_by_musician_request_id_idx" ON "bookings_by_musician" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "bookings_by_musician_created_at_idx" ON "bookings_by_musician" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "client_disputes_booking_id_idx" ON "client_disputes" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "market_waitlist_email_key" ON "market_waitlist" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "musician_performances_profile_date_idx" ON "musician_performances" USING btree ("profile_id","event_date");--> statement-breakpoint
CREATE INDEX "musician_portfolio_items_profile_created_idx" ON "musician_portfolio_items" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "musician_profiles_slug_key" ON "musician_profiles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "musician_profiles_created_at_idx" ON "musician_profiles" USING btree ("created_at");