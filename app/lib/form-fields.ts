import { z } from "zod";
import { NAIRA_ERROR, type NairaLimits, parseNaira, parseOptionalNaira } from "./naira";

/** A form string with NUL dropped: PostgreSQL text cannot hold it, and it carries nothing a reader sees. */
export const formText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).overwrite((v) => v.replaceAll("\0", ""));

/**
 * Optional free text from a form: trimmed, at most `max` characters, empty or missing becomes null. Too
 * long stops the checks, so no later rule (contact masking) reads a megabyte someone posted.
 */
export const optionalText = (max: number, tooLong = `Must be ${max} characters or fewer`) =>
  formText()
    .trim()
    .max(max, { message: tooLong, abort: true })
    .optional()
    .transform((v) => (v ? v : null));

/** Spec §5: e-mail "valid if given, empty allowed"; empty becomes null. */
export const optionalEmail = () =>
  formText()
    .trim()
    .optional()
    .transform((v) => (v ? v : null))
    .pipe(z.union([z.null(), z.email("Invalid email address").max(254, "Invalid email address")]));

/** Spec §5: "Client name is required" on the booking and booking-request forms. */
export const clientNameField = () =>
  formText({ error: "Client name is required" })
    .trim()
    .min(1, "Client name is required")
    .max(200, "Client name is too long");

/** A form field in naira that is optional: "" → null, a bad value → the field's message. */
export const optionalNairaField = (limits?: NairaLimits) =>
  formText()
    .optional()
    .transform((v, ctx) => {
      const r = parseOptionalNaira(v, limits);
      if (r.ok) return r.kobo;
      ctx.addIssue({ code: "custom", message: r.error });
      return z.NEVER;
    });

/** A form field in naira that must be filled. */
export const nairaField = (limits?: NairaLimits) =>
  formText({ error: NAIRA_ERROR }).transform((v, ctx) => {
    const r = parseNaira(v, limits);
    if (r.ok) return r.kobo;
    ctx.addIssue({ code: "custom", message: r.error });
    return z.NEVER;
  });
