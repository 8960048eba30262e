import { isDocumentKind } from "~/features/documents/documents.schema";
import { clientDocument } from "~/features/documents/documents.server";
import { pdfResponse } from "~/features/documents/pdf-response.server";
import { isBookingParty } from "~/features/payments/payer.server";
import type { Route } from "./+types/booking-document";

/**
 * The client's contract, invoice or receipt, by the booking's slug (that booking's documents only). Once
 * paid, both sides' contact details are printed for its payer and musician only (issue 27).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isDocumentKind(params.kind))
    return pdfResponse({ ok: false, status: 404, message: "Document not found" });
  const party = /^[a-z0-9]{1,20}$/.test(params.slug) && (await isBookingParty(request, params.slug));
  return pdfResponse(await clientDocument(params.slug, params.kind, context.clientIp, party));
}
