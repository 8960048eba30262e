import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { TextField } from "~/components/ui/text-field";
import { requestPasswordReset } from "~/features/auth/accounts.server";
import { forgotPasswordSchema } from "~/features/auth/auth-forms.schema";
import { fieldErrors, formToObject } from "~/lib/field-errors";
import { pageTitle } from "~/lib/nav";
import { useActionToast } from "~/lib/use-action-toast";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/forgot-password";

export const meta = () => [{ title: pageTitle("Forgot password") }];

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = forgotPasswordSchema.safeParse(formToObject(await readForm(request)));
  if (!parsed.success) return data({ sent: false, errors: fieldErrors(parsed.error), toast: undefined }, 400);
  const result = await requestPasswordReset(parsed.data.email, request, context.clientIp);
  if (!result.ok) {
    return data(
      {
        sent: false,
        errors: { form: result.message },
        toast: { type: "error" as const, message: result.message },
      },
      result.status,
    );
  }
  // The same answer whether or not the address has an account, so the form cannot be used to probe.
  return { sent: true, errors: {}, toast: undefined };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  useActionToast(actionData);
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  return (
    <main className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>Forgot your password?</h1>
          </CardTitle>
          <CardDescription>
            Enter your e-mail and we will send you a link to choose a new one.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {actionData?.sent ? (
            <p role="status" className="rounded-md bg-secondary p-4 text-sm">
              If an account exists for that e-mail, a reset link is on its way. Check your inbox.
            </p>
          ) : (
            <Form method="post" noValidate className="grid gap-4">
              {errors.form && (
                <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
                  {errors.form}
                </p>
              )}
              <TextField name="email" type="email" label="Email" autoComplete="email" error={errors.email} />
              <Button type="submit" disabled={busy}>
                {busy ? "Sending..." : "Send reset link"}
              </Button>
            </Form>
          )}
          <p className="mt-4 text-center text-sm">
            <Link to="/login" className="text-primary underline">
              Back to sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
