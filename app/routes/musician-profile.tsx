import { useEffect } from "react";
import { data, isRouteErrorResponse, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { deferred } from "~/components/deferred";
import { getSessionUser } from "~/features/auth/session.server";
import { publicAvailability } from "~/features/availability/availability.server";
import { publicBusyDates } from "~/features/calendar/busy-dates.server";
import { publicRecordOf } from "~/features/numbers/numbers.server";
import { publicRecordText } from "~/features/numbers/public-record";
import { PublicProfileView } from "~/features/profiles/components/public-profile";
import { getPublicProfile } from "~/features/profiles/profile.server";
import { reviewsPageSchema } from "~/features/reviews/review.schema";
import { REVIEW_INTENTS, type ReviewActionResult } from "~/features/reviews/review-action";
import { reportAction } from "~/features/reviews/review-actions.server";
import { profileReviews } from "~/features/reviews/review-lists.server";
import { publicPaymentFacts } from "~/features/wallet/wallet.server";
import { formToObject } from "~/lib/field-errors";
import { pageTitle } from "~/lib/nav";
import { toast } from "~/lib/toast";
import { publicOrigin } from "~/server/env.server";
import { isAnonymousRequest, SIGNED_IN_CACHE_CONTROL } from "~/server/public-cache.server";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/musician-profile";

// Below the profile, and only text: each hydrates from its own chunk on the first input (ADR 0012,
// issue 31).
const UpcomingAvailability = deferred(
  () =>
    import("~/features/availability/components/upcoming-availability").then((m) => m.UpcomingAvailability),
  { untilInput: true },
);
const BusyDatesList = deferred(
  () => import("~/features/calendar/components/busy-dates").then((m) => m.BusyDatesList),
  { untilInput: true },
);
// Only a missing or failed profile renders it.
const ProfileLoadFailed = deferred(() =>
  import("~/features/profiles/components/profile-load-failed").then((m) => m.ProfileLoadFailed),
);
const CancellationPolicyNote = deferred(
  () =>
    import("~/features/refunds/components/cancellation-policy-note").then((m) => m.CancellationPolicyNote),
  { untilInput: true },
);

const LOAD_FAILED = "Could not load musician profile";

export async function loader({ params, request }: Route.LoaderArgs) {
  const profile = await getPublicProfile(params.slug);
  if (!profile) throw data({ message: LOAD_FAILED }, { status: 404 });
  const { page } = reviewsPageSchema.parse({
    page: new URL(request.url).searchParams.get("reviewsPage") ?? undefined,
  });
  const [availability, reviews, busyDates, { cancellationPolicy, verified }, record] = await Promise.all([
    publicAvailability(profile.profile.id),
    profileReviews(profile.profile.id, page),
    publicBusyDates(profile.profile.id),
    publicPaymentFacts(profile.profile.id, profile.profile),
    publicRecordOf(profile.profile.id),
  ]);
  const origin = publicOrigin();
  const p = profile.profile;
  const name = p.stageName || `${p.firstName ?? ""} ${p.lastName ?? ""}`.trim();
  const summary = [p.performanceRoles.join(", "), p.location].filter(Boolean).join(" · ");
  const description = (
    p.bio?.replace(/\s+/g, " ").trim() || `${name}${summary ? ` — ${summary}` : ""} on Stagebook.`
  ).slice(0, 200);
  // Shared links get hit by crawlers and many visitors at once; a short shared cache absorbs that,
  // for anonymous visitors only: a signed-in visitor's answer is theirs alone.
  const cacheControl = isAnonymousRequest(request.headers.get("cookie"))
    ? "public, max-age=60, stale-while-revalidate=300"
    : SIGNED_IN_CACHE_CONTROL;
  return data(
    {
      profile,
      availability,
      reviews,
      busyDates,
      cancellationPolicy,
      verified,
      record: record ? publicRecordText(record) : null,
      share: {
        title: `${name}${p.performanceRoles[0] ? ` — ${p.performanceRoles[0]}` : ""} | Stagebook`,
        description,
        url: `${origin}/musicians/${p.slug}`,
        image: p.profileImage ? new URL(p.profileImage, origin).toString() : `${origin}/favicon.svg`,
      },
    },
    { headers: { "Cache-Control": cacheControl } },
  );
}

/** "Report" on a published review: anyone may send one, signed in or not (rate-limited). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = formToObject(await readForm(request));
  if (form.intent !== REVIEW_INTENTS.report) {
    return data<ReviewActionResult>(
      { intent: String(form.intent ?? ""), ok: false, toast: { type: "error", message: "Unknown action" } },
      { status: 400 },
    );
  }
  const user = await getSessionUser(request);
  return reportAction(form, { userId: user?.id ?? null, clientIp: context.clientIp });
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle(LOAD_FAILED) }, { name: "robots", content: "noindex" }];
  const s = loaderData.share;
  return [
    { title: s.title },
    { name: "description", content: s.description },
    { tagName: "link", rel: "canonical", href: s.url },
    { property: "og:type", content: "profile" },
    { property: "og:site_name", content: "Stagebook" },
    { property: "og:title", content: s.title },
    { property: "og:description", content: s.description },
    { property: "og:url", content: s.url },
    { property: "og:image", content: s.image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: s.title },
    { name: "twitter:description", content: s.description },
    { name: "twitter:image", content: s.image },
  ];
};

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? SIGNED_IN_CACHE_CONTROL };
}

export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
  formMethod,
}: ShouldRevalidateFunctionArgs) {
  const samePage =
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.searchParams.get("reviewsPage") === nextUrl.searchParams.get("reviewsPage");
  // Switching tabs needs no new data; paging through reviews does.
  if (!formMethod && samePage) return false;
  return defaultShouldRevalidate;
}

export default function MusicianProfilePage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <>
      <PublicProfileView
        data={loaderData.profile}
        tab={params.get("tab")}
        reviews={loaderData.reviews}
        verified={loaderData.verified}
        record={loaderData.record}
      />
      <div className="mx-auto w-full max-w-5xl px-4 pb-10">
        <UpcomingAvailability blocks={loaderData.availability} />
        <BusyDatesList dates={loaderData.busyDates} />
        <section aria-label="Cancellation policy" className="mt-6">
          <CancellationPolicyNote policy={loaderData.cancellationPolicy} />
        </section>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    toast.error(LOAD_FAILED);
  }, []);
  return <ProfileLoadFailed title={LOAD_FAILED} notFound={notFound} />;
}
