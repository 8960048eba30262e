import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { PayPanelData } from "../checkout.server";
import { PayPanel } from "./pay-panel";

let current: React.ReactNode = null;
function Current() {
  return <>{current}</>;
}
const Stub = createRoutesStub([{ path: "/", Component: Current }]);
/** The panel's text, tags and React's markers dropped. */
function text(panel: PayPanelData, viewer: "unpaid" | "payer" | "musician" = "unpaid"): string {
  current = (
    <PayPanel
      panel={panel}
      releaseAfterHours={48}
      viewer={viewer}
      musicianName="Tunde Sax"
      manageLink={null}
    />
  );
  return renderToString(<Stub />)
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

const base: PayPanelData = {
  state: "pay",
  priceKobo: 25_000_000,
  serviceFeeKobo: 1_250_000,
  serviceFeeBp: 500,
  totalKobo: 26_250_000,
  needsEmail: true,
  needsDate: false,
  canMarkHappened: false,
  releaseOpens: null,
  releaseDueAt: "2026-12-14T23:00:00.000Z",
  releaseDue: "Tue 15 Dec 2026 at 00:00",
  releaseKobo: 22_500_000,
  onHold: false,
  eventDate: "2026-12-12",
  policy: "flexible",
  cancelled: false,
};
const SENTENCE =
  "If nothing is wrong, the money is released to Tunde Sax on Tue 15 Dec 2026 at 00:00, 48 hours after the event ends";

describe("pay panel: when the money is released", () => {
  it("says the due time the server gave before paying", () => {
    expect(text(base)).toContain(SENTENCE);
  });

  it("says it once paid and held, to the payer and to the musician", () => {
    const paid = { ...base, state: "paid" as const, needsEmail: false, releaseOpens: "Not yet." };
    expect(text(paid, "payer")).toContain(SENTENCE);
    expect(text(paid, "musician")).toContain(SENTENCE);
  });

  it("says nothing of a due time the server did not give (no date yet, a dispute holding it)", () => {
    expect(text({ ...base, releaseDue: null, releaseDueAt: null })).not.toContain("If nothing is wrong");
    expect(text({ ...base, state: "paid", onHold: true }, "payer")).not.toContain("If nothing is wrong");
  });
});
