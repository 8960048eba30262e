import { MapPinIcon, StarIcon, UserIcon } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { RequestBookingButton } from "~/features/booking-requests/components/request-booking-button";
import { PerformanceList } from "~/features/performances/components/performance-list";
import { PortfolioItemView } from "~/features/portfolio/components/portfolio-item-view";
import { imageSources, PROFILE_IMAGE_WIDTHS } from "~/features/portfolio/image-srcset";
import { DEFAULT_HOURLY_RATE_KOBO, formatNairaWhole } from "~/lib/money";
import { isValidWebUrl, withHttp } from "~/lib/social-links";
import type { PublicProfile } from "../profile.server";
import { pickTab, TabNav } from "./tab-nav";

export const PUBLIC_TABS = [
  { id: "about", label: "About" },
  { id: "portfolio", label: "Portfolio" },
  { id: "experience", label: "Experience" },
  { id: "reviews", label: "Reviews" },
] as const;

function Tags({ label, items }: { label: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold text-muted-foreground">{label}</h3>
      <ul className="flex flex-wrap gap-2">
        {items.map((t) => (
          <li key={t}>
            <Badge variant="secondary">{t}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}

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
export function PublicProfileView({ data, tab: rawTab }: { data: PublicProfile; tab: string | null }) {
  const { profile, portfolio, performances } = data;
  const tab = pickTab(rawTab, PUBLIC_TABS);
  const name = profile.stageName || `${profile.firstName ?? ""} ${profile.lastName ?? ""}`.trim();
  const rate = formatNairaWhole(profile.hourlyRateKobo ?? DEFAULT_HOURLY_RATE_KOBO);
  const links = profile.socialLinks
    .map((l) => ({ ...l, url: withHttp(l.url) }))
    .filter((l) => isValidWebUrl(l.url));

  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8">
      <header className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <div className="size-32 shrink-0 overflow-hidden rounded-full bg-muted sm:size-40">
          {profile.profileImage ? (
            <img
              {...imageSources(profile.profileImage, PROFILE_IMAGE_WIDTHS, "160px")}
              alt={name}
              width={160}
              height={160}
              loading="lazy"
              decoding="async"
              className="size-full object-cover"
            />
          ) : (
            <UserIcon aria-hidden className="m-8 size-16 text-muted-foreground sm:m-10 sm:size-20" />
          )}
        </div>
        <div className="grid flex-1 gap-3">
          <h1 className="text-3xl font-bold sm:text-4xl">{name}</h1>
          {profile.performanceRoles.length > 0 && (
            <p className="text-lg text-primary">{profile.performanceRoles.join(" · ")}</p>
          )}
          {profile.location && (
            <p className="inline-flex items-center gap-1 text-muted-foreground">
              <MapPinIcon aria-hidden className="size-4" />
              {profile.location}
            </p>
          )}
          <p className="text-lg font-semibold">Starting from {rate}/hr</p>
          <div>
            <RequestBookingButton musicianSlug={profile.slug!} />
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
        <section className="grid justify-items-center gap-3 rounded-lg border p-8 text-center">
          <div className="flex items-center gap-2 text-3xl font-bold">
            <StarIcon aria-hidden className="size-7 fill-amber-400 text-amber-400" />
            4.8
          </div>
          <p className="text-sm text-muted-foreground">Based on 24 reviews</p>
          <h2 className="text-xl font-semibold">Coming Soon</h2>
          <p className="max-w-md text-muted-foreground">
            Reviews from event organisers will appear here once bookings are completed on Stagebook.
          </p>
        </section>
      )}
    </main>
  );
}
