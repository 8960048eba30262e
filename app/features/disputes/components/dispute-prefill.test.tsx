import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { PayPanelData } from "~/features/payments/checkout.server";
import { PAY_EMAIL_HINT, PayPanel } from "~/features/payments/components/pay-panel";
import DisputeFormDialog from "./dispute-form-dialog";

let current: React.ReactNode = null;
function Current() {
  return <>{current}</>;
}
const Stub = createRoutesStub([{ path: "/", Component: Current }]);
function html(node: React.ReactNode): string {
  current = node;
  return renderToString(<Stub />).replace(/<!-- -->/g, "");
}

const contact = { name: "Bisi Adeyemi", email: "bisi@example.com", phone: "08051112222" };
const input = (out: string, name: string) => out.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0];

const payPanel: PayPanelData = {
  state: "pay",
  priceKobo: 25_000_000,
  serviceFeeKobo: 1_250_000,
  serviceFeeBp: 500,
  totalKobo: 26_250_000,
  needsEmail: true,
  needsDate: false,
  canMarkHappened: false,
  releaseOpens: null,
  releaseDueAt: null,
  releaseDue: null,
  releaseKobo: 0,
  onHold: false,
  eventDate: "2026-12-12",
  policy: "flexible",
  cancelled: false,
};
const pay = (email?: string) =>
  html(
    <PayPanel
      panel={payPanel}
      releaseAfterHours={48}
      viewer="unpaid"
      musicianName="Tunde Sax"
      manageLink={null}
      email={email}
    />,
  );

describe("dispute form and checkout prefill (issue 23 §4)", () => {
  it("the dispute form starts from the signed-in organiser's own name and phone", () => {
    const out = html(<DisputeFormDialog slug="abcd2345" open setOpen={() => {}} contact={contact} />);
    expect(input(out, "clientName")).toContain('value="Bisi Adeyemi"');
    expect(input(out, "phoneNumber")).toContain('value="08051112222"');
  });

  it("a signed-out visitor's dispute form starts empty", () => {
    const out = html(<DisputeFormDialog slug="abcd2345" open setOpen={() => {}} contact={null} />);
    expect(input(out, "clientName")).toContain('value=""');
    expect(input(out, "phoneNumber")).toContain('value=""');
  });

  it("checkout's receipt e-mail starts from the organiser's own e-mail, and is empty signed out", () => {
    expect(input(pay(contact.email), "email")).toContain('value="bisi@example.com"');
    const signedOut = input(pay(), "email");
    expect(signedOut).toBeDefined();
    expect(signedOut).not.toContain("value=");
    // Phone walk 3, #13: the box says why the payer's own address is asked (the musician's is never used).
    expect(pay()).toContain(PAY_EMAIL_HINT);
  });
});
