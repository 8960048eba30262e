import { data, redirect } from "react-router";
import { deferred } from "~/components/deferred";
import { getSessionUser, isOrganiser } from "~/features/auth/session.server";
import { organiserContact } from "~/features/booking-requests/booking-requests.server";
import type { BookingActionResult } from "~/features/bookings/action-results";
import {
  bookingForOutsider,
  confirmPublicBooking,
  getPublicBooking,
} from "~/features/bookings/bookings.server";
import { PublicBookingPage } from "~/features/bookings/components/public-booking-page";
import { disputeSchema } from "~/features/disputes/dispute.schema";
import { clientDisputeView } from "~/features/disputes/dispute-sides.server";
import { submitDispute } from "~/features/disputes/disputes.server";
import { clientLineUp } from "~/features/lineups/line-up-views.server";
import { isLineUpIntent, lineUpAction } from "~/features/lineups/lineup-actions.server";
import { leaderLineUpPage } from "~/features/lineups/lineups.server";
import { clientOf } from "~/features/money/client-identity.server";
import { payPanelFor, startCheckout } from "~/features/payments/checkout.server";
import {
  claimManageLink,
  clientActor,
  manageLinkUsable,
  payerCookie,
  payerSecretForForm,
  payerStanding,
  readPayerToken,
  sendManageLink,
} from "~/features/payments/payer.server";
import { payFormSchema } from "~/features/payments/payment.schema";
import {
  EVENT_HAPPENED_DONE,
  MANAGE_ON_THIS_DEVICE,
  type PaymentActionResult,
} from "~/features/payments/payment-messages";
import { markEventHappened } from "~/features/payments/release.server";
import { phoneUpdatesOfBooking } from "~/features/phone-messages/phone-consent.server";
import { requireMusician } from "~/features/profiles/own-profile.server";
import { cancelBookingAsClient, clientCancelPreviewFor } from "~/features/refunds/client-cancel.server";
import type { ClientCancelActionResult } from "~/features/refunds/components/client-cancel-panel";
import { linkCancelUndoFor, undoLinkCancellation } from "~/features/refunds/link-actions.server";
import { isClientReviewIntent } from "~/features/reviews/review-action";
import { clientReviewAction, clientReviewUploadAction } from "~/features/reviews/review-actions.server";
import { isMultipart } from "~/features/reviews/review-photos.server";
import { clientReviewPanel } from "~/features/reviews/reviews.server";
import { cancellationPolicyOf } from "~/features/wallet/wallet.server";
import { fieldErrors, formToObject } from "~/lib/field-errors";
import { IDEMPOTENCY_FIELD } from "~/lib/idempotency";
import { pageTitle } from "~/lib/nav";
import { env } from "~/server/env.server";
import { redirectWithToast } from "~/server/flash.server";
import { idempotent } from "~/server/idempotency.server";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/booking";

// Below the booking's summary and its first action: each hydrates from its own chunk (ADR 0012).
const PayPanel = deferred(() => import("~/features/payments/components/pay-panel").then((m) => m.PayPanel));
// "Cancel this booking" opens a <details> (no code needed) and posts a form whose tap is held until its
// code is in; the phone-updates panel is a form of buttons: both hydrate on the first input (issue 31).
const ClientCancelPanel = deferred(
  () => import("~/features/refunds/components/client-cancel-panel").then((m) => m.ClientCancelPanel),
  { untilInput: true },
);
const PhoneUpdatesPanel = deferred(
  () => import("~/features/phone-messages/components/phone-updates-panel").then((m) => m.PhoneUpdatesPanel),
  { untilInput: true },
);
// The line-up (issue 39): the leader's section with its forms, or who plays for everyone else.
const LeaderLineUpSection = deferred(() =>
  import("~/features/lineups/components/leader-line-up").then((m) => m.LeaderLineUpSection),
);
const ClientLineUp = deferred(() =>
  import("~/features/lineups/components/client-line-up").then((m) => m.ClientLineUp),
);
const ClientReviewSection = deferred(() =>
  import("~/features/reviews/components/client-review-section").then((m) => m.ClientReviewSection),
);

export const meta = ({ data: d }: Route.MetaArgs) => [
  {
    title: pageTitle(
      d?.booking
        ? "Booking Details"
        : d?.status === 404
          ? "Booking not found"
          : d?.status === 410
            ? "Booking removed"
            : "Error",
    ),
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const result = await getPublicBooking(params.slug, context.clientIp);
  if (!result.ok) {
    return data(
      { booking: null, status: result.status, message: result.message, reviewPanel: null },
      { status: result.status },
    );
  }
  // One read of the booking and of the policy serves both panels.
  const { record } = result;
  // Once paid, only the payer sees (and may use) the money actions; a manage link offers to become it here.
  // One session lookup serves both: how the viewer stands, and their own details for the forms.
  const user = await getSessionUser(request);
  const viewer = await payerStanding(record, {
    userId: user?.id ?? null,
    payerToken: readPayerToken(request.headers.get("cookie"), params.slug),
  });
  // A signed-in organiser's dispute form and checkout start from their own account; nobody else's.
  // The payer's dispute form starts from the booking's name and the client's number as the money module
  // knows it (phone walk 3, #12; M4: the payer's, never what the musician typed); they may change both.
  const contact = isOrganiser(user)
    ? await organiserContact(user!)
    : viewer === "payer"
      ? { name: record.clientName, email: "", phone: (await clientOf(record.id))?.phone ?? "" }
      : null;
  const manageSecret = new URL(request.url).searchParams.get("manage");
  const manageLink = manageSecret
    ? { secret: manageSecret, usable: await manageLinkUsable(record.id, manageSecret) }
    : null;
  const policy = await cancellationPolicyOf(record.musicianId);
  const payment = await payPanelFor(record, policy);
  const cancel = ["pending", "confirmed", "cancelled"].includes(record.status)
    ? await clientCancelPreviewFor(record, policy)
    : null;
  // A cancellation made with the link, for a day: the link holder and the client's account may undo it.
  const undo = viewer === "unpaid" ? await linkCancelUndoFor(record) : null;
  // Reviews are the payer's (issue 35 §1): others holding the link read who may write it; the musician
  // reviews the organiser from their own pages.
  const reviewPanel =
    result.booking.status === "completed" && viewer !== "musician"
      ? await clientReviewPanel(params.slug, new Date(), viewer === "payer")
      : null;
  // Once paid, contact details and the page's words to the client are for the payer (and the musician)
  // only, not for everyone the link was shared with (issue 27).
  const booking = bookingForOutsider(result.booking, {
    payer: viewer === "payer",
    musician: viewer === "musician",
  });
  // The organiser's own open dispute (the money module's openDisputeId) and whether the musician has
  // answered it: for whoever acts for them.
  const dispute =
    result.booking.disputed && (viewer === "unpaid" || viewer === "payer")
      ? await clientDisputeView(record.id, { paymentStatus: record.paymentStatus })
      : null;
  // The organiser's "Booking updates by SMS or WhatsApp" for this booking: for whoever acts for them.
  const phoneUpdates =
    viewer === "unpaid" || viewer === "payer" ? await phoneUpdatesOfBooking(record.id) : null;
  // The leader sees the whole line-up (fees, states, threads); everyone else who plays and what.
  const leaderLineUp =
    viewer === "musician" ? await leaderLineUpPage({ id: record.musicianId }, record.id) : null;
  const lineUp = viewer === "musician" ? [] : await clientLineUp(record);
  return data({
    booking,
    status: 200,
    message: null,
    leaderLineUp,
    lineUp,
    payment,
    cancel,
    undo,
    releaseAfterHours: env().RELEASE_AFTER_HOURS,
    reviewPanel,
    viewer,
    manageLink,
    contact,
    phoneUpdates,
    dispute,
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // Only the review form (with its photos) posts multipart; it is read as it streams, with size caps.
  if (isMultipart(request))
    return clientReviewUploadAction(
      request,
      params.slug,
      context.clientIp,
      await clientActor(request, params.slug),
    );
  const form = formToObject(await readForm(request));
  // The leader's line-up forms: only the booking's own musician, signed in (the rules check the booking is theirs).
  if (isLineUpIntent(form.intent)) {
    const { profile } = await requireMusician(request);
    return lineUpAction(profile, form.intent, form);
  }
  if (isClientReviewIntent(form.intent))
    return clientReviewAction(form, params.slug, context.clientIp, await clientActor(request, params.slug));
  if (form.intent === "pay") {
    const parsed = payFormSchema.safeParse(form);
    if (!parsed.success) {
      const email = parsed.error.issues[0]?.message;
      return data<PaymentActionResult>({ intent: "pay", ok: false, errors: { email } }, { status: 400 });
    }
    const payer = await getSessionUser(request);
    const payerId = isOrganiser(payer) ? payer!.id : null;
    // One submission of Pay starts one checkout: a double click waits for the first and is sent to
    // the same checkout (startCheckout reuses the open payment it finds).
    const heldToken =
      readPayerToken(request.headers.get("cookie"), params.slug) ??
      payerSecretForForm(form[IDEMPOTENCY_FIELD]);
    return idempotent({ action: `pay:${params.slug}`, userId: payerId, fields: form }, async () => {
      const started = await startCheckout(
        params.slug,
        parsed.data,
        context.clientIp,
        heldToken,
        payer?.id ?? null,
      );
      // This browser's secret, bound to the checkout it started: a second press goes back to it. It gives
      // no powers: whoever completes the checkout is the payer (ADR 0025).
      if (started.ok)
        return redirect(started.authorizationUrl, {
          headers: { "Set-Cookie": payerCookie(params.slug, started.payerToken) },
        });
      return data<PaymentActionResult>(
        started.field === "email"
          ? { intent: "pay", ok: false, errors: { email: started.message } }
          : { intent: "pay", ok: false, toast: { type: "error", message: started.message } },
        { status: started.status },
      );
    });
  }
  if (form.intent === "claim-manage") {
    const claimed = await claimManageLink(params.slug, String(form.manage ?? ""), context.clientIp);
    if (!claimed.ok) {
      return data<PaymentActionResult>(
        { intent: "claim-manage", ok: false, toast: { type: "error", message: claimed.message } },
        { status: claimed.status },
      );
    }
    // Said, not only shown by the buttons that appear (phone walk 3).
    return redirectWithToast(
      `/booking/${params.slug}`,
      { type: "success", message: MANAGE_ON_THIS_DEVICE },
      { headers: { "Set-Cookie": claimed.cookie } },
    );
  }
  if (form.intent === "send-manage-link") {
    const sent = await sendManageLink(params.slug, context.clientIp);
    return data<PaymentActionResult>(
      {
        intent: "send-manage-link",
        ok: sent.ok,
        toast: { type: sent.ok ? "success" : "error", message: sent.message },
      },
      { status: sent.ok ? 200 : sent.status },
    );
  }
  if (form.intent === "event-happened") {
    const released = await markEventHappened(
      params.slug,
      context.clientIp,
      await clientActor(request, params.slug),
    );
    if (!released.ok) {
      return data<PaymentActionResult>(
        { intent: "event-happened", ok: false, toast: { type: "error", message: released.message } },
        { status: released.status },
      );
    }
    return data<PaymentActionResult>({
      intent: "event-happened",
      ok: true,
      toast: { type: "success", message: EVENT_HAPPENED_DONE },
    });
  }
  if (form.intent === "client-cancel") {
    if (form.confirm !== "yes") {
      return data<ClientCancelActionResult>(
        {
          intent: "client-cancel",
          ok: false,
          toast: { type: "error", message: "Confirm that you want to cancel this booking." },
        },
        { status: 400 },
      );
    }
    const cancelled = await cancelBookingAsClient(
      params.slug,
      context.clientIp,
      await clientActor(request, params.slug),
    );
    return data<ClientCancelActionResult>(
      {
        intent: "client-cancel",
        ok: cancelled.ok,
        toast: { type: cancelled.ok ? "success" : "error", message: cancelled.message },
      },
      { status: cancelled.ok ? 200 : cancelled.status },
    );
  }
  if (form.intent === "undo-cancel") {
    const undone = await undoLinkCancellation(
      params.slug,
      context.clientIp,
      await clientActor(request, params.slug),
    );
    return data<ClientCancelActionResult>(
      {
        intent: "undo-cancel",
        ok: undone.ok,
        toast: { type: undone.ok ? "success" : "error", message: undone.message },
      },
      { status: undone.ok ? 200 : undone.status },
    );
  }
  if (form.intent === "dispute") {
    const parsed = disputeSchema.safeParse(form);
    if (!parsed.success) {
      return data<BookingActionResult>(
        { intent: "dispute", ok: false, errors: fieldErrors(parsed.error) },
        { status: 400 },
      );
    }
    return idempotent({ action: `dispute:${params.slug}`, fields: form }, async () => {
      const result = await submitDispute(
        params.slug,
        parsed.data,
        context.clientIp,
        await clientActor(request, params.slug),
      );
      if (!result.ok) {
        return data<BookingActionResult>(
          { intent: "dispute", ok: false, toast: { type: "error", message: result.message } },
          { status: result.status },
        );
      }
      return data<BookingActionResult>({
        intent: "dispute",
        ok: true,
        toast: { type: "success", message: "Dispute submitted successfully" },
      });
    });
  }
  const user = await getSessionUser(request);
  const result = await confirmPublicBooking(
    params.slug,
    context.clientIp,
    isOrganiser(user) ? user!.id : null,
    user?.id ?? null,
  );
  if (!result.ok) {
    return data<BookingActionResult>(
      { intent: "confirm", ok: false, toast: { type: "error", message: result.message } },
      { status: result.status },
    );
  }
  return data<BookingActionResult>({
    intent: "confirm",
    ok: true,
    toast: { type: "success", message: "Booking confirmed successfully!" },
  });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const viewer = "viewer" in loaderData ? loaderData.viewer : "other";
  // Unpaid, the link is enough to cancel or dispute; paid, only the payer; never the musician (ADR 0013).
  const clientActs = viewer === "unpaid" || viewer === "payer";
  const payment = "payment" in loaderData ? loaderData.payment : null;
  const contact = "contact" in loaderData ? loaderData.contact : null;
  return (
    <>
      <PublicBookingPage
        booking={loaderData.booking}
        status={loaderData.status}
        message={loaderData.message}
        clientActs={clientActs}
        contact={contact}
        dispute={"dispute" in loaderData ? loaderData.dispute : null}
        heldKobo={payment && payment.state === "paid" ? payment.totalKobo : null}
        payment={
          payment &&
          loaderData.booking && (
            <PayPanel
              panel={payment}
              releaseAfterHours={loaderData.releaseAfterHours}
              viewer={viewer}
              musicianName={loaderData.booking.musicianName}
              manageLink={loaderData.manageLink}
              email={contact?.email}
            />
          )
        }
        cancellation={
          "cancel" in loaderData &&
          loaderData.cancel && (
            <ClientCancelPanel
              preview={loaderData.cancel}
              showPolicy={payment?.state !== "pay"}
              canAct={clientActs}
              undo={"undo" in loaderData ? loaderData.undo : null}
            />
          )
        }
      />
      {"leaderLineUp" in loaderData && loaderData.leaderLineUp && (
        <LeaderLineUpSection
          lineUp={loaderData.leaderLineUp.lineUp}
          threads={loaderData.leaderLineUp.threads}
        />
      )}
      {"lineUp" in loaderData && loaderData.lineUp.length > 0 && <ClientLineUp members={loaderData.lineUp} />}
      {loaderData.reviewPanel && <ClientReviewSection panel={loaderData.reviewPanel} />}
      {"phoneUpdates" in loaderData && loaderData.phoneUpdates && loaderData.booking && (
        <div className="mx-auto w-full max-w-3xl px-4 pb-10">
          <PhoneUpdatesPanel state={loaderData.phoneUpdates} scope="booking" slug={loaderData.booking.slug} />
        </div>
      )}
    </>
  );
}
