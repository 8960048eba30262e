// Phone walk 2 (issue 27): the musician's Cancel on a paid booking says what the client gets back.
import { describe, expect, it } from "vitest";
import { formatNaira } from "~/lib/money";
import { cancelDescription, markCompletedDescription } from "./all-bookings-page";

describe("the musician's Cancel question", () => {
  it("on a paid booking: the client is refunded in full and the musician receives nothing", () => {
    const text = cancelDescription({ clientName: "Amaka Eze", status: "confirmed", paymentStatus: "paid" });
    expect(text).toContain("refunded in full");
    expect(text).toContain("you receive nothing");
    expect(text).not.toContain("can no longer confirm it");
  });

  it("names the amount the client gets back, as the money module gave it", () => {
    const text = cancelDescription({
      clientName: "Amaka Eze",
      status: "confirmed",
      paymentStatus: "paid",
      cancelRefundKobo: 26_250_000,
    });
    expect(text).toContain(
      `refunded in full: ${formatNaira(26_250_000)}, everything they paid, goes back to them`,
    );
    expect(text).toContain("you receive nothing");
  });

  it("before payment: what the client can no longer do", () => {
    expect(cancelDescription({ clientName: "Ada", status: "pending", paymentStatus: "unpaid" })).toContain(
      "can no longer confirm it",
    );
    expect(cancelDescription({ clientName: "Ada", status: "confirmed", paymentStatus: "unpaid" })).toContain(
      "can no longer pay it",
    );
  });
});

describe("the musician's Mark completed question (phone walk 3)", () => {
  it("says it releases no money while the payment is held in escrow", () => {
    const text = markCompletedDescription({ clientName: "Tola Martins", paymentStatus: "paid" });
    expect(text).toBe(
      "This records that the event for Tola Martins took place. It releases no money: the payment stays in escrow and is released to your wallet after the event, unless the client reports a problem.",
    );
  });

  it("before payment and after release, says what is true then", () => {
    expect(markCompletedDescription({ clientName: "Ada", paymentStatus: "unpaid" })).toContain(
      "No payment has been made for this booking, so no money moves.",
    );
    expect(markCompletedDescription({ clientName: "Ada", paymentStatus: "released" })).toContain(
      "already been released",
    );
  });
});
