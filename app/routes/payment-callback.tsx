import { data, Link, redirect } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { getSessionUser, isOrganiser } from "~/features/auth/session.server";
import { textPaidNoticeToPayer } from "~/features/notifications/money-notifications.server";
import { confirmPaymentCallback } from "~/features/payments/checkout.server";
import { claimCheckoutReturn, readPayerToken } from "~/features/payments/payer.server";
import { callbackQuerySchema } from "~/features/payments/payment.schema";
import { pageTitle } from "~/lib/nav";
import type { Route } from "./+types/payment-callback";

export const meta = () => [{ title: pageTitle("Payment") }, { name: "robots", content: "noindex" }];

/**
 * Where Paystack (or the test checkout) returns the payer: verify, credit once, back to the booking. The
 * path's return secret reaches only the browser that completed the payment, which becomes the payer here
 * (ADR 0025); a browser that knows only the reference gets the booking page and no powers.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = callbackQuerySchema.safeParse({
    reference: url.searchParams.get("reference") ?? url.searchParams.get("trxref") ?? "",
  });
  if (!parsed.success)
    return data({ message: "We could not find this payment.", slug: null }, { status: 404 });
  const result = await confirmPaymentCallback(parsed.data.reference);
  if (result.ok) {
    const user = params.claim ? await getSessionUser(request) : null;
    const cookie = params.claim
      ? await claimCheckoutReturn(
          result.slug,
          params.claim,
          {
            userId: user?.id ?? null,
            payerToken: readPayerToken(request.headers.get("cookie"), result.slug),
          },
          isOrganiser(user),
        )
      : null;
    // The payer's account is known only now: its phone gets the receipt text the credit could not address.
    if (cookie && isOrganiser(user)) await textPaidNoticeToPayer(result.bookingId);
    throw redirect(`/booking/${result.slug}`, cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
  }
  return data(
    { message: result.message, slug: "slug" in result ? result.slug : null },
    { status: result.status },
  );
}

export default function PaymentCallback({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-10 text-center">
      <h1 className="text-2xl font-bold">Payment not confirmed</h1>
      <p className="text-muted-foreground">{loaderData.message}</p>
      {loaderData.slug ? (
        <Link to={`/booking/${loaderData.slug}`} className={buttonVariants()}>
          Back to your booking
        </Link>
      ) : (
        <Link to="/" className={buttonVariants({ variant: "outline" })}>
          Go Home
        </Link>
      )}
    </main>
  );
}
