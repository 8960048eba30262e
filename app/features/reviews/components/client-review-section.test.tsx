// Phone walk 3, #17 and blocker 1: what the booking page's review section says in each state.
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, it } from "vitest";
import { REVIEW_REFUSALS } from "../review-action";
import type { ClientReviewPanel } from "../reviews.server";
import { ClientReviewSection } from "./client-review-section";

const review = {
  overall: 5,
  satisfaction: 5,
  professionalism: 5,
  communication: 5,
  punctuality: 5,
  body: "Wonderful band, the guests danced all night long.",
  photos: [],
  published: true,
};
let current: ClientReviewPanel | null = null;
function Current() {
  return current ? <ClientReviewSection panel={current} /> : null;
}
const Stub = createRoutesStub([{ path: "/", Component: Current }]);
function html(panel: ClientReviewPanel): string {
  current = panel;
  return renderToString(<Stub />).replace(/<!-- -->/g, "");
}
const base = { closesAt: "2026-12-12T10:00:00.000Z", musicianName: "Tunde Sax", aboutYou: null };

it("once published, the 'hidden until…' blurb is gone; while open it explains the double-blind", () => {
  const published = html({ ...base, state: "published", review });
  expect(published).toContain("Your review is published");
  expect(published).not.toContain("hidden from the musician");
  expect(html({ ...base, state: "open", review: null })).toContain("hidden from the musician");
});

it("someone who is not the payer reads who may review, with no form", () => {
  const out = html({ ...base, closesAt: null, state: "payer-only", review: null });
  expect(out).toContain(REVIEW_REFUSALS.notPayer.split(".")[0]);
  expect(out).not.toContain("<form");
});
