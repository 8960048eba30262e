import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { TextField } from "~/components/ui/text-field";
import { signIn } from "~/features/auth/accounts.server";
import { loginSchema } from "~/features/auth/auth-forms.schema";
import { landingFor } from "~/features/auth/roles";
import { getSessionUser } from "~/features/auth/session.server";
import { messageSignInReason } from "~/features/messaging/messaging.server";
import { fieldErrors, formToObject } from "~/lib/field-errors";
import { pageTitle } from "~/lib/nav";
import { safeRedirect } from "~/lib/safe-redirect";
import { useActionToast } from "~/lib/use-action-toast";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/login";

export const meta = () => [{ title: pageTitle("Sign in") }];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo") ?? "";
  const user = await getSessionUser(request);
  if (user) throw redirect(safeRedirect(redirectTo, landingFor(user.role)));
  // Say why sign-in is asked for when a profile's "Message" brought the visitor here.
  return { redirectTo, reason: await messageSignInReason(redirectTo) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = loginSchema.safeParse(formToObject(await readForm(request)));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), toast: undefined }, { status: 400 });
  const { email, password, redirectTo } = parsed.data;
  const result = await signIn({ email, password }, request, context.clientIp);
  if (!result.ok) {
    return data(
      { errors: { form: result.message }, toast: { type: "error" as const, message: result.message } },
      { status: result.status },
    );
  }
  throw redirect(safeRedirect(redirectTo, landingFor(result.role)), { headers: result.headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  useActionToast(actionData);
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  return (
    <main className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>Sign in</h1>
          </CardTitle>
          <CardDescription>{loaderData.reason ?? "Sign in to manage your bookings."}</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" noValidate className="grid gap-4">
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
            {errors.form && (
              <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
                {errors.form}
              </p>
            )}
            <TextField name="email" type="email" label="Email" autoComplete="email" error={errors.email} />
            <TextField
              name="password"
              type="password"
              label="Password"
              autoComplete="current-password"
              error={errors.password}
            />
            <div className="text-right text-sm">
              <Link to="/forgot-password" className="text-primary underline">
                Forgot password?
              </Link>
            </div>
            <Button type="submit" disabled={busy}>
              {busy ? "Signing in..." : "Sign in"}
            </Button>
          </Form>
          <p className="mt-4 text-center text-sm text-muted-foreground">
            Don't have an account?{" "}
            <Link to="/register" className="text-primary underline">
              Sign up
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
