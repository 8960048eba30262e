import { isDocumentKind } from "~/features/documents/documents.schema";
import { clientDocument } from "~/features/documents/documents.server";
import { pdfResponse } from "~/features/documents/pdf-response.server";
import type { Route } from "./+types/booking-document";

/** The client's contract, invoice or receipt, by the booking's slug (that booking's documents only). */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isDocumentKind(params.kind))
    return pdfResponse({ ok: false, status: 404, message: "Document not found" });
  return pdfResponse(await clientDocument(params.slug, params.kind, context.clientIp));
}
