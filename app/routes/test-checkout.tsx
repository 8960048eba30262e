import { data, redirect } from "react-router";
import { TestCheckoutPage } from "~/features/payments/paystack/components/test-checkout-page";
import { finishTestCheckout, loadTestCheckout } from "~/features/payments/paystack/test-checkout.server";
import { pageTitle } from "~/lib/nav";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/test-checkout";

export const meta = () => [{ title: pageTitle("Test payment") }, { name: "robots", content: "noindex" }];

const notFound = () => data({ message: "Payment not found" }, { status: 404 });

// As Paystack's hosted checkout: the page shows the amount and the e-mail, never the reference or the
// callback URL (ADR 0025).
export async function loader({ params }: Route.LoaderArgs) {
  const checkout = await loadTestCheckout(params.accessCode);
  if (!checkout) throw notFound();
  return {
    checkout: {
      amountKobo: checkout.amountKobo,
      email: checkout.email,
      status: checkout.closed ? "closed" : checkout.status,
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent") === "complete" ? "complete" : "cancel";
  const finished = await finishTestCheckout(params.accessCode, intent);
  if (!finished) throw notFound();
  return redirect(finished.to ?? `/test-checkout/${params.accessCode}`);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <TestCheckoutPage checkout={loaderData.checkout} />;
}
