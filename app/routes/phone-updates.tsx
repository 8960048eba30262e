// POST /phone-updates: the "Booking updates by SMS or WhatsApp" panels (account and booking page).
// A form post that works without JavaScript: it answers with a redirect back and a toast.
import { data } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { payerStanding, readPayerToken } from "~/features/payments/payer.server";
import { bookingForPhoneUpdates, savePhoneUpdates } from "~/features/phone-messages/phone-consent.server";
import { phoneUpdatesFormSchema } from "~/features/phone-messages/phone-updates.schema";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/server/flash.server";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/phone-updates";

export function loader() {
  throw data("Not found", { status: 404 });
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = phoneUpdatesFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return data({ toast: { type: "error" as const, message: "Please choose on or off." } }, { status: 400 });
  }
  const form = parsed.data;
  const user = await getSessionUser(request);
  const found = form.scope === "booking" && form.slug ? await bookingForPhoneUpdates(form.slug) : null;
  const standing =
    found && form.slug
      ? await payerStanding(found, {
          userId: user?.id ?? null,
          payerToken: readPayerToken(request.headers.get("cookie"), form.slug),
        })
      : null;
  const booking = found && {
    ...found,
    clientActs: standing === "unpaid" || standing === "payer",
    // Unpaid, the link is enough; only the client's own account is "you" (issue 35 §1).
    byLink: standing === "unpaid" && !(user && user.id === found.clientUserId),
  };
  const result = await savePhoneUpdates(user, form, booking);
  const back = safeRedirect(form.returnTo, form.slug ? `/booking/${form.slug}` : "/");
  if (!result.ok) {
    return redirectWithToast(back, { type: "error", message: result.message });
  }
  return redirectWithToast(back, { type: "success", message: result.message });
}
