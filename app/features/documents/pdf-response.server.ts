import type { DocumentResult } from "./documents.server";

/** A rendered document as a download, or its refusal as plain text. */
export function pdfResponse(result: DocumentResult): Response {
  if (!result.ok) {
    return new Response(result.message, {
      status: result.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(result.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${result.filename}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
