import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { TextField } from "~/components/ui/text-field";
import { resetPassword } from "~/features/auth/accounts.server";
import { resetPasswordSchema } from "~/features/auth/auth-forms.schema";
import { fieldErrors, formToObject } from "~/lib/field-errors";
import { pageTitle } from "~/lib/nav";
import { redirectWithToast } from "~/server/flash.server";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/reset-password";

export const meta = () => [{ title: pageTitle("Choose a new password") }];

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get("token") ?? "", invalid: url.searchParams.get("error") !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = resetPasswordSchema.safeParse(formToObject(await readForm(request)));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, 400);
  const result = await resetPassword(parsed.data.token, parsed.data.password, request, context.clientIp);
  if (!result.ok) return data({ errors: { form: result.message } }, result.status);
  return redirectWithToast("/login", {
    type: "success",
    message: "Password updated",
    description: "Sign in with your new password.",
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const usable = loaderData.token && !loaderData.invalid;
  return (
    <main className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>Choose a new password</h1>
          </CardTitle>
          <CardDescription>Your new password must be at least 8 characters.</CardDescription>
        </CardHeader>
        <CardContent>
          {usable ? (
            <Form method="post" noValidate className="grid gap-4">
              <input type="hidden" name="token" value={loaderData.token} />
              {(errors.form || errors.token) && (
                <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
                  {errors.form ?? errors.token}
                </p>
              )}
              <TextField
                name="password"
                type="password"
                label="New password"
                autoComplete="new-password"
                hint="Password must be at least 8 characters"
                error={errors.password}
              />
              <TextField
                name="confirmPassword"
                type="password"
                label="Confirm new password"
                autoComplete="new-password"
                error={errors.confirmPassword}
              />
              <Button type="submit" disabled={busy}>
                {busy ? "Saving..." : "Set new password"}
              </Button>
            </Form>
          ) : (
            <p role="alert" className="text-sm">
              This reset link is invalid or has expired.{" "}
              <Link to="/forgot-password" className="text-primary underline">
                Ask for a new one
              </Link>
              .
            </p>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
