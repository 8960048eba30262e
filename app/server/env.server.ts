import { z } from "zod";

/** A fee percentage: 0–50, at most two decimals (kept exact as basis points by the fee module). */
function percent(name: string) {
  const message = `${name} must be a percentage between 0 and 50 with at most two decimals, e.g. 5 or 7.5`;
  return z.coerce
    .number(message)
    .min(0, message)
    .max(50, message)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, message);
}

// Validated once; every server module reads configuration from here, never from process.env.
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1, "PORT must be a port number").max(65535).default(3000),
  DATA_DIR: z.string().min(1).default(".data"),
  WEB_CONCURRENCY: z.coerce
    .number()
    .int("WEB_CONCURRENCY must be a whole number of worker processes")
    .min(1, "WEB_CONCURRENCY must be at least 1")
    .max(64, "WEB_CONCURRENCY must be at most 64")
    .optional(),
  /**
   * The app's own queries connect with this (a role that may only read and append to the ledger,
   * ADR 0015); migrations and the job queue keep DATABASE_URL. Set by server.ts for the embedded one.
   */
  DATABASE_APP_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_APP_URL must start with postgres:// or postgresql://")
    .optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional(),
  ORIGIN: z.url("ORIGIN must be a full URL such as https://stagebook.ng").optional(),
  BETTER_AUTH_SECRET: z.string().min(32, "BETTER_AUTH_SECRET must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("Stagebook <no-reply@stagebook.ng>"),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url("S3_ENDPOINT must be a full URL").optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.url("S3_PUBLIC_URL must be a full URL").optional(),
  // No defaults: the site shows only the support contact a deployment really has (no placeholder number).
  SUPPORT_EMAIL: z.email("SUPPORT_EMAIL must be an e-mail address").optional(),
  SUPPORT_PHONE: z.string().trim().optional(),
  ADMIN_EMAILS: z.string().default(""),
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(
      /^sk_(test|live)_\w+$/,
      "PAYSTACK_SECRET_KEY must be a Paystack secret key (sk_test_… or sk_live_…)",
    )
    .optional(),
  /** "test": run without a key on the built-in test provider even as a deployment (M1); no other value. */
  PAYSTACK_MODE: z.enum(["test"], "PAYSTACK_MODE can only be test (leave it unset with a key)").optional(),
  PAYSTACK_BASE_URL: z.url("PAYSTACK_BASE_URL must be a full URL").default("https://api.paystack.co"),
  SERVICE_FEE_PERCENT: percent("SERVICE_FEE_PERCENT").default(5),
  COMMISSION_PERCENT: percent("COMMISSION_PERCENT").default(10),
  RELEASE_AFTER_HOURS: z.coerce
    .number("RELEASE_AFTER_HOURS must be a whole number of hours")
    .int("RELEASE_AFTER_HOURS must be a whole number of hours")
    .min(0, "RELEASE_AFTER_HOURS must be between 0 and 720")
    .max(720, "RELEASE_AFTER_HOURS must be between 0 and 720")
    .default(48),
  // Phone messages (issue 30). SMS through Termii when TERMII_API_KEY is set, WhatsApp through Meta's
  // Cloud API when WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are; else $DATA_DIR/phone-outbox/.
  TERMII_API_KEY: z.string().trim().min(1).optional(),
  TERMII_SECRET_KEY: z.string().trim().min(1).optional(),
  TERMII_SENDER_ID: z
    .string()
    .regex(
      /^[A-Za-z0-9 ]{3,11}$/,
      "TERMII_SENDER_ID must be 3 to 11 letters or digits (an approved sender ID)",
    )
    .default("Stagebook"),
  TERMII_BASE_URL: z.url("TERMII_BASE_URL must be a full URL").default("https://api.ng.termii.com"),
  WHATSAPP_TOKEN: z.string().trim().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d+$/, "WHATSAPP_PHONE_NUMBER_ID must be the number's id from Meta (digits)")
    .optional(),
  WHATSAPP_APP_SECRET: z.string().trim().min(1).optional(),
  /** The token Meta's webhook subscription check echoes (any string you choose in the app dashboard). */
  WHATSAPP_VERIFY_TOKEN: z.string().trim().min(1).optional(),
  WHATSAPP_BASE_URL: z
    .url("WHATSAPP_BASE_URL must be a full URL")
    .default("https://graph.facebook.com/v21.0"),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().default("en"),
  // Backups (issue 37, README "Backups and restore"): continuous WAL archiving of the embedded database
  // plus a base backup every BACKUP_BASE_EVERY_HOURS, to BACKUP_DIR or an S3-compatible store.
  BACKUPS: z.enum(["on", "off"], "BACKUPS must be on or off").default("on"),
  /** Unset: a folder beside DATA_DIR (`.data` → `.data-backups`). Put it on another disk. */
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_RETENTION_DAYS: z.coerce
    .number("BACKUP_RETENTION_DAYS must be a whole number of days")
    .int("BACKUP_RETENTION_DAYS must be a whole number of days")
    .min(1, "BACKUP_RETENTION_DAYS must be between 1 and 3650")
    .max(3650, "BACKUP_RETENTION_DAYS must be between 1 and 3650")
    .default(14),
  BACKUP_BASE_EVERY_HOURS: z.coerce
    .number("BACKUP_BASE_EVERY_HOURS must be a whole number of hours")
    .int("BACKUP_BASE_EVERY_HOURS must be a whole number of hours")
    .min(1, "BACKUP_BASE_EVERY_HOURS must be between 1 and 720")
    .max(720, "BACKUP_BASE_EVERY_HOURS must be between 1 and 720")
    .default(24),
  /** Backups to their own S3-compatible bucket; unset, S3_BUCKET's store under `backups/` when that is set. */
  BACKUP_S3_BUCKET: z.string().optional(),
  BACKUP_S3_ENDPOINT: z.url("BACKUP_S3_ENDPOINT must be a full URL").optional(),
  BACKUP_S3_REGION: z.string().optional(),
  BACKUP_S3_ACCESS_KEY_ID: z.string().optional(),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string().optional(),
  BACKUP_S3_PREFIX: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const blankToUndefined = Object.fromEntries(
    Object.entries(source).map(([k, v]) => [k, v === "" ? undefined : v]),
  );
  const result = envSchema.safeParse(blankToUndefined);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

/**
 * Money review 3 M1: a fresh clone's `npm start` (no ORIGIN of its own, embedded database) runs the
 * built-in test provider, as the README promises; a deployment (its own DATABASE_URL, or an ORIGIN that
 * is not this machine) with no Paystack key must not fall into test mode silently: it refuses to start
 * unless PAYSTACK_MODE=test asks for test mode in so many words. Null when the configuration is fine.
 */
export function paymentsModeProblem(config: Env): string | null {
  if (config.NODE_ENV !== "production" || config.PAYSTACK_SECRET_KEY || config.PAYSTACK_MODE === "test")
    return null;
  const local = (url: string | undefined) =>
    !url || ["localhost", "127.0.0.1", "[::1]"].includes(new URL(url).hostname);
  if (!config.DATABASE_URL && local(config.ORIGIN)) return null;
  return "PAYSTACK_SECRET_KEY is not set. This looks like a deployment (its own DATABASE_URL or ORIGIN), so payments would silently run on the built-in test provider, where no real money moves. Set PAYSTACK_SECRET_KEY, or set PAYSTACK_MODE=test to run test mode on purpose.";
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

export function publicOrigin(): string {
  return env().ORIGIN ?? `http://localhost:${env().PORT}`;
}

export function adminEmails(): string[] {
  return env()
    .ADMIN_EMAILS.split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
}
