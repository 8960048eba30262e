import { Fragment } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { formatNaira } from "~/lib/money";

/** What Paystack's hosted checkout shows too: no reference, no callback URL (ADR 0025). */
type TestCheckoutView = {
  amountKobo: number;
  email: string;
  /** "success", "closed" (cancelled) or still open. */
  status: string;
};

export function TestCheckoutPage({ checkout }: { checkout: TestCheckoutView }) {
  const busy = useNavigation().state !== "idle";
  const paid = checkout.status === "success";
  const closed = checkout.status === "closed";
  return (
    <main className="mx-auto w-full max-w-md px-4 py-10">
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold">Test payment — no real money moves</h1>
          <CardDescription>
            Stagebook is running without Paystack keys, so this page stands in for Paystack's checkout.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Amount</dt>
            <dd className="text-2xl font-semibold" data-testid="test-checkout-amount">
              {formatNaira(checkout.amountKobo)}
            </dd>
            <dt className="text-muted-foreground">Paying as</dt>
            {/* Breaks only when it must, and then before the @, never mid-word ("example.co / m"). */}
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              {emailParts(checkout.email).map((part, i) => (
                <Fragment key={part + String(i)}>
                  {i > 0 && <wbr />}
                  {part}
                </Fragment>
              ))}
            </dd>
          </dl>
          {paid || closed ? (
            <p role="status">
              {paid
                ? "This test payment is complete. You can close this page."
                : "This test payment was cancelled. You can close this page."}
            </p>
          ) : (
            <Form method="post" className="flex flex-col gap-3">
              <Button type="submit" name="intent" value="complete" size="lg" disabled={busy}>
                Complete test payment
              </Button>
              <Button type="submit" name="intent" value="cancel" variant="outline" disabled={busy}>
                Cancel payment
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>
    </main>
  );
}

/** "name@example.com" as ["name", "@example.com"]: a line break, when one is needed, goes before the @. */
function emailParts(email: string): string[] {
  const at = email.indexOf("@");
  return at > 0 ? [email.slice(0, at), email.slice(at)] : [email];
}
