import { Form, useNavigation } from "react-router";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import type { FieldErrors } from "~/lib/field-errors";

export interface WaitlistActionData {
  ok?: boolean;
  errors?: FieldErrors;
  toast?: { type: "success" | "error"; message: string };
}

/**
 * Spec §2/§5 marketplace waitlist (first name, phone number, e-mail), offered only when a search
 * finds nobody: booking is already open, so the one honest promise is to say when musicians join.
 */
export function WaitlistForm({ result }: { result: WaitlistActionData | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "waitlist";
  const errors = result?.errors ?? {};
  return (
    <section aria-labelledby="waitlist-heading" className="rounded-lg border bg-muted/30 p-6">
      <h2 id="waitlist-heading" className="text-xl font-bold">
        Hear when new musicians join
      </h2>
      <p className="mt-1 text-muted-foreground">
        Stagebook is new and musicians are joining every week. Leave your details and we'll let you know when
        new musicians join.
      </p>
      <Form
        method="post"
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-3"
        key={result?.ok ? "done" : "form"}
      >
        <input type="hidden" name="intent" value="waitlist" />
        <IdempotencyKeyField renewOn={result} />
        <TextField name="firstName" label="First name" autoComplete="given-name" error={errors.firstName} />
        <TextField
          name="phoneNumber"
          label="Phone number"
          type="tel"
          autoComplete="tel"
          error={errors.phoneNumber}
        />
        <TextField name="email" label="Email" type="email" autoComplete="email" error={errors.email} />
        <div className="sm:col-span-3">
          <Button type="submit" disabled={busy}>
            {busy ? "Joining..." : "Join Waitlist"}
          </Button>
        </div>
        {result?.toast && !result.errors && (
          <p
            role="status"
            className={
              result.ok ? "text-sm text-green-700 sm:col-span-3" : "text-sm text-destructive sm:col-span-3"
            }
          >
            {result.toast.message}
          </p>
        )}
      </Form>
    </section>
  );
}
