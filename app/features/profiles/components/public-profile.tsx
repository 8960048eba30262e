import { MapPinIcon, UserIcon } from "lucide-react";
import { preload } from "react-dom";
import { deferred } from "~/components/deferred";
import { RequestBookingButton } from "~/features/booking-requests/components/request-booking-button";
import { MessageMusicianLink } from "~/features/messaging/components/message-musician-link";
import { imageSources, PROFILE_IMAGE_WIDTHS } from "~/features/portfolio/image-srcset";
import type { ProfileReviews } from "~/features/reviews/review-lists.server";
import { formatNairaWhole } from "~/lib/money";
import { isValidWebUrl, withHttp } from "~/lib/social-links";
import type { PublicProfile } from "../profile.server";

// Nothing in these is interactive, and most is below the profile's header: each hydrates from its
// own chunk (ADR 0012). The badges and tags are text (the Verified badge a <details>): their code
// comes with the first input, not because they are on the first screen (issue 31).
const VerifiedBadge = deferred(() => import("./verified-badge").then((m) => m.VerifiedBadge), {
  untilInput: true,
});
const RatingBadge = deferred(
  () => import("~/features/reviews/components/rating-badge").then((m) => m.RatingBadge),
  { untilInput: true },
);
const Tags = deferred(() => import("./profile-tags").then((m) => m.Tags), { untilInput: true });
// Links to ?tab=…: they work as plain links until it hydrates.
const TabNav = deferred(() => import("./tab-nav").then((m) => m.TabNav));
const PortfolioItemView = deferred(() =>
  import("~/features/portfolio/components/portfolio-item-view").then((m) => m.PortfolioItemView),
);
const PerformanceList = deferred(() =>
  import("~/features/performances/components/performance-list").then((m) => m.PerformanceList),
);
const ProfileReviewsSection = deferred(() =>
  import("~/features/reviews/components/profile-reviews").then((m) => m.ProfileReviewsSection),
);
const ReportReviewForm = deferred(() =>
  import("~/features/reviews/components/report-review-form").then((m) => m.ReportReviewForm),
);

const PROFILE_PHOTO_SIZES = "(min-width: 640px) 160px, 128px";

export const PUBLIC_TABS = [
  { id: "about", label: "About" },
  { id: "portfolio", label: "Portfolio" },
  { id: "experience", label: "Experience" },
  { id: "reviews", label: "Reviews" },
] as const;

function TextBlock({ title, text }: { title: string; text: string | null }) {
  if (!text) return null;
  return (
    <section className="grid gap-2">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="whitespace-pre-line text-muted-foreground">{text}</p>
    </section>
  );
}

/** The musician's public website (server-rendered; tabs are links, media loads on demand). */
export function PublicProfileView({
  data,
  tab: rawTab,
  reviews,
  verified = false,
  record = null,
}: {
  data: PublicProfile;
  tab: string | null;
  reviews: ProfileReviews;
  /** The bank account name, resolved through the payment provider, matches the profile name. */
  verified?: boolean;
  /** The public record from stored facts (issue 38), null below its thresholds. */
  record?: string | null;
}) {
  const { profile, portfolio, performances } = data;
  const tab = (PUBLIC_TABS.find((t) => t.id === rawTab) ?? PUBLIC_TABS[0]).id;
  const name = profile.stageName || `${profile.firstName ?? ""} ${profile.lastName ?? ""}`.trim();
  // No invented default: a musician who has not set a rate is "Rate on request".
  const rate = profile.hourlyRateKobo === null ? null : formatNairaWhole(profile.hourlyRateKobo);
  const links = profile.socialLinks
    .map((l) => ({ ...l, url: withHttp(l.url) }))
    .filter((l) => isValidWebUrl(l.url));
  // size-32 (128px) on phones, size-40 (160px) from sm up.
  const photo = profile.profileImage
    ? imageSources(profile.profileImage, PROFILE_IMAGE_WIDTHS, PROFILE_PHOTO_SIZES)
    : null;
  // A <link rel=preload> in <head> (React hoists it there during the server render), so the photo's
  // download starts while the document is still arriving, not after the body is parsed.
  if (photo && import.meta.env.SSR) {
    preload(photo.src, {
      as: "image",
      fetchPriority: "high",
      imageSrcSet: photo.srcSet,
      imageSizes: photo.sizes,
    });
  }

  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8">
      <header className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <div className="size-32 shrink-0 overflow-hidden rounded-full bg-muted sm:size-40">
          {photo ? (
            // The page's largest above-the-fold image (its LCP element): fetched at once, first.
            <img
              {...photo}
              alt={name}
              width={160}
              height={160}
              fetchPriority="high"
              className="size-full object-cover"
            />
          ) : (
            <UserIcon aria-hidden className="m-8 size-16 text-muted-foreground sm:m-10 sm:size-20" />
          )}
        </div>
        <div className="grid flex-1 gap-3">
          <h1 className="text-3xl font-bold sm:text-4xl">{name}</h1>
          {verified && <VerifiedBadge />}
          {profile.performanceRoles.length > 0 && (
            <p className="text-lg text-primary">{profile.performanceRoles.join(" · ")}</p>
          )}
          {profile.location && (
            <p className="inline-flex items-center gap-1 text-muted-foreground">
              <MapPinIcon aria-hidden className="size-4" />
              {profile.location}
            </p>
          )}
          <RatingBadge average={reviews.summary.average} count={reviews.summary.count} />
          {record && (
            <p className="text-sm text-muted-foreground" data-testid="public-record">
              {record}
            </p>
          )}
          <p className="text-lg font-semibold">{rate ? `Starting from ${rate}/hr` : "Rate on request"}</p>
          <div className="flex flex-wrap gap-2">
            <RequestBookingButton musicianSlug={profile.slug!} />
            <MessageMusicianLink musicianSlug={profile.slug!} />
          </div>
        </div>
      </header>

      <TabNav tabs={PUBLIC_TABS} current={tab} label="Profile sections" className="mt-8 mb-6" />

      {tab === "about" && (
        <div className="grid gap-6">
          <TextBlock title="Bio" text={profile.bio} />
          <Tags label="Performance roles" items={profile.performanceRoles} />
          <Tags label="Genres" items={profile.genres} />
          <Tags label="Event types" items={profile.eventTypes} />
          <TextBlock title="Performance style" text={profile.performanceStyle} />
          <TextBlock title="Equipment" text={profile.equipment} />
          {links.length > 0 && (
            <section className="grid gap-2">
              <h2 className="text-lg font-semibold">Social links</h2>
              <ul className="flex flex-wrap gap-3">
                {links.map((l) => (
                  <li key={`${l.platform}-${l.url}`}>
                    <a
                      href={l.url}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="text-primary underline"
                    >
                      {l.platform}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}

      {tab === "portfolio" &&
        (portfolio.length === 0 ? (
          <p className="text-muted-foreground">No portfolio items yet.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {portfolio.map((item) => (
              <li key={item.id} className="grid min-w-0 content-start gap-2">
                <PortfolioItemView item={item} />
                {item.title && item.itemType !== "audio" && (
                  <p className="truncate text-sm text-muted-foreground">{item.title}</p>
                )}
              </li>
            ))}
          </ul>
        ))}

      {tab === "experience" && (
        <PerformanceList performances={performances} empty="No performances listed yet." />
      )}

      {tab === "reviews" && (
        <ProfileReviewsSection data={reviews} reportSlot={(id) => <ReportReviewForm reviewId={id} />} />
      )}
    </main>
  );
}
