import { data, redirect } from "react-router";
import { TestCheckoutPage } from "~/features/payments/paystack/components/test-checkout-page";
import { finishTestCheckout, loadTestCheckout } from "~/features/payments/paystack/test-checkout.server";
import { callbackWithReference } from "~/features/payments/paystack/test-provider.server";
import { pageTitle } from "~/lib/nav";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/test-checkout";

export const meta = () => [{ title: pageTitle("Test payment") }, { name: "robots", content: "noindex" }];

const notFound = () => data({ message: "Payment not found" }, { status: 404 });

export async function loader({ params }: Route.LoaderArgs) {
  const checkout = await loadTestCheckout(params.reference);
  if (!checkout) throw notFound();
  return {
    checkout: {
      reference: checkout.reference,
      amountKobo: checkout.amountKobo,
      email: checkout.email,
      status: checkout.status,
      returnUrl: callbackWithReference(checkout.callbackUrl, checkout.reference),
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent") === "complete" ? "complete" : "cancel";
  const to = await finishTestCheckout(params.reference, intent);
  if (!to) throw notFound();
  return redirect(to);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <TestCheckoutPage checkout={loaderData.checkout} />;
}
