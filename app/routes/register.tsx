import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { TextField } from "~/components/ui/text-field";
import { signUp } from "~/features/auth/accounts.server";
import { registerSchema } from "~/features/auth/auth-forms.schema";
import { ORGANISER_ROLE } from "~/features/auth/roles";
import { getSessionUser } from "~/features/auth/session.server";
import { fieldErrors, formToObject } from "~/lib/field-errors";
import { pageTitle } from "~/lib/nav";
import { useActionToast } from "~/lib/use-action-toast";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/register";

export const meta = () => [{ title: pageTitle("Sign up") }];

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect("/");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formToObject(await readForm(request));
  const parsed = registerSchema.safeParse(values);
  if (!parsed.success) {
    return data({ errors: fieldErrors(parsed.error), values, toast: undefined }, { status: 400 });
  }
  const result = await signUp(parsed.data, request, context.clientIp);
  if (!result.ok) {
    return data(
      {
        errors: { form: result.message },
        values,
        toast: { type: "error" as const, message: result.message },
      },
      { status: result.status },
    );
  }
  // A musician lands on the dashboard with a live website and a setup checklist (ARCHITECTURE §9).
  const landing = parsed.data.role === ORGANISER_ROLE ? "/bookings" : "/musician_dashboard";
  throw redirect(landing, { headers: result.headers });
}

export default function Register({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  useActionToast(actionData);
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const values: Record<string, string | undefined> = actionData?.values ?? {};
  return (
    <main className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>Create your account</h1>
          </CardTitle>
          <CardDescription>Join Stagebook and get booked for your next gig.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" noValidate className="grid gap-4">
            {errors.form && (
              <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
                {errors.form}
              </p>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                name="firstName"
                label="First name"
                autoComplete="given-name"
                defaultValue={values.firstName}
                error={errors.firstName}
              />
              <TextField
                name="lastName"
                label="Last name"
                autoComplete="family-name"
                defaultValue={values.lastName}
                error={errors.lastName}
              />
            </div>
            <TextField
              name="email"
              type="email"
              label="Email"
              autoComplete="email"
              defaultValue={values.email}
              error={errors.email}
            />
            <TextField
              name="password"
              type="password"
              label="Password"
              autoComplete="new-password"
              hint="Password must be at least 8 characters"
              error={errors.password}
            />
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">I am a</legend>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="role"
                  value="musician"
                  defaultChecked={values.role !== ORGANISER_ROLE}
                  className="accent-primary"
                />
                Musician
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="role"
                  value={ORGANISER_ROLE}
                  defaultChecked={values.role === ORGANISER_ROLE}
                  className="accent-primary"
                />
                Event organiser
              </label>
              <FieldError id="role-error" message={errors.role} />
            </fieldset>
            <TextField
              name="phoneNumber"
              type="tel"
              label="Phone number"
              autoComplete="tel"
              hint="Musicians: organisers call or WhatsApp you on it. Organisers may leave it empty."
              defaultValue={values.phoneNumber}
              error={errors.phoneNumber}
            />
            <p className="text-xs text-muted-foreground">
              By signing up you agree to our{" "}
              <Link to="/terms" className="text-primary underline">
                Terms of Service
              </Link>{" "}
              and{" "}
              <Link to="/privacy" className="text-primary underline">
                Privacy Policy
              </Link>
              .
            </p>
            <Button type="submit" disabled={busy}>
              {busy ? "Creating account..." : "Sign up"}
            </Button>
          </Form>
          <p className="mt-4 text-center text-sm text-muted-foreground">
            Already have an account?{" "}
            <Link to="/login" className="text-primary underline">
              Sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
