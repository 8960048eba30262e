import { BadgeCheckIcon } from "lucide-react";
import type { ReactNode } from "react";
import { formatCalendarDate } from "~/lib/lagos-date";
import type { PublicReview } from "../review-lists.server";
import { reviewPhotoThumb } from "../review-photo-url";
import { Stars } from "./stars";

/** One published review. Every text is rendered as text (React escapes it); no HTML is ever parsed. */
export function ReviewCard({ review, children }: { review: PublicReview; children?: ReactNode }) {
  return (
    <article className="grid gap-3 rounded-lg border p-4" aria-label={`Review by ${review.reviewer}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Stars value={review.overall} />
          <span className="font-semibold">{review.reviewer}</span>
        </div>
        <span className="inline-flex items-center gap-1 text-xs font-medium text-emerald-700">
          <BadgeCheckIcon aria-hidden className="size-4" />
          Verified booking · {review.verified}
        </span>
      </div>
      <p className="whitespace-pre-line break-words">{review.body}</p>
      {review.criteria.length > 0 && (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm text-muted-foreground sm:grid-cols-4">
          {review.criteria.map((c) => (
            <div key={c.label} className="flex gap-1">
              <dt>{c.label}:</dt>
              <dd className="font-medium text-foreground">{c.value}/5</dd>
            </div>
          ))}
        </dl>
      )}
      {review.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {review.photos.map((src) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noopener">
                <img
                  src={reviewPhotoThumb(src)}
                  alt={`From the event, shared by ${review.reviewer}`}
                  width={96}
                  height={96}
                  loading="lazy"
                  className="size-24 rounded object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.reply && (
        <div className="rounded-md bg-muted p-3 text-sm">
          <p className="font-semibold">Reply from the musician</p>
          <p className="whitespace-pre-line break-words">{review.reply}</p>
        </div>
      )}
      <p className="text-xs text-muted-foreground">
        Published {formatCalendarDate(review.publishedAt.slice(0, 10), "d MMMM yyyy")}
      </p>
      {children}
    </article>
  );
}
