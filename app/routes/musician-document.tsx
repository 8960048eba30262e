import { bookingIdSchema } from "~/features/bookings/booking.schema";
import { isDocumentKind } from "~/features/documents/documents.schema";
import { musicianDocument } from "~/features/documents/documents.server";
import { pdfResponse } from "~/features/documents/pdf-response.server";
import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import type { Route } from "./+types/musician-document";

/** The musician's download from their booking; another musician's booking is "not found". */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { profile } = await requireMusicianPage(request, params.slug);
  const id = bookingIdSchema.safeParse(params.bookingId);
  if (!id.success || !isDocumentKind(params.kind)) {
    return pdfResponse({ ok: false, status: 404, message: "Document not found" });
  }
  return pdfResponse(await musicianDocument(profile, id.data, params.kind));
}
