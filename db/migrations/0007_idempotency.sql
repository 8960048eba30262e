CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"action" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_action_key_request_hash_pk" PRIMARY KEY("scope","action","key","request_hash")
);
