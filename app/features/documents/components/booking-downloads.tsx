import { CalendarPlusIcon, FileTextIcon } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { moneyWasReceived } from "~/features/money/money-rules";
import { DOCUMENT_LABELS, type DocumentKind, hasCreditNote } from "../documents.schema";

const linkClass = buttonVariants({ variant: "outline", size: "sm" });

/**
 * A booking's files as plain links (they work without JavaScript). The client's come by the booking's
 * slug; the musician's through their dashboard (`musicianSlug` and `bookingId`).
 */
export function BookingDownloads({
  slug,
  eventDate,
  paid = false,
  paymentStatus,
  status,
  musician,
}: {
  slug: string;
  eventDate: string | null;
  paid?: boolean;
  /** The booking's payment status, when the caller has not worked out `paid` itself. */
  paymentStatus?: string | null;
  /** The booking's status: a cancelled paid booking keeps its documents and adds a credit note. */
  status?: string | null;
  musician?: { slug: string; bookingId: string };
}) {
  const base = musician
    ? `/musician_documents/${musician.slug}/${musician.bookingId}`
    : `/booking/${slug}/documents`;
  const kinds: DocumentKind[] =
    paid || moneyWasReceived(paymentStatus) ? ["contract", "invoice", "receipt"] : ["contract", "invoice"];
  if (hasCreditNote(status, paymentStatus)) kinds.push("credit-note");
  const cancelled = status === "cancelled";
  return (
    <section aria-label="Booking documents" className="grid gap-2">
      <h3 className="text-sm font-semibold">Documents</h3>
      <div className="flex flex-wrap gap-2">
        {kinds.map((kind) => (
          <a key={kind} href={`${base}/${kind}`} download className={linkClass}>
            <FileTextIcon aria-hidden />
            {DOCUMENT_LABELS[kind]}
          </a>
        ))}
        {eventDate && !musician && !cancelled && (
          <a href={`/booking/${slug}/calendar.ics`} download className={linkClass}>
            <CalendarPlusIcon aria-hidden />
            Add to calendar (.ics)
          </a>
        )}
      </div>
    </section>
  );
}
