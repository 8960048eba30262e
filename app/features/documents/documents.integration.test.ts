import { execFileSync } from "node:child_process";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applyTransition, readBookingMoney } from "~/features/money/booking-money.server";
import { addDaysToDate, formatCalendarDate } from "~/lib/lagos-date";
import { action as createAction } from "~/routes/api-bookings";
import { action as confirmAction } from "~/routes/booking";
import { loader as clientLoader } from "~/routes/booking-document";
import { loader as musicianLoader } from "~/routes/musician-document";
import { db } from "~/server/db.server";
import { bookingsByMusician } from "~db/schema/bookings";
import { payments } from "~db/schema/payments";
import { bookingRefunds } from "~db/schema/wallet";
import { createMusician, type TestMusician } from "../../../tests/support/accounts";
import { lagosDay } from "../../../tests/support/lagos-days";
import { answer, args, get, giveSlug, post, validBooking } from "../bookings/booking-test-support";
import { CREDIT_NOTE_NOT_YET, RECEIPT_NOT_YET } from "./documents.schema";
import { CONTACT_FOR_PARTIES } from "./documents.server";

/** The text of a PDF, as poppler's pdftotext reads it (an independent reader). */
function pdfText(pdf: Buffer): string {
  return execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", "-", "-"], { input: pdf }).toString("utf8");
}

type Musician = TestMusician & { slug: string };

async function musician(): Promise<Musician> {
  const m = await createMusician();
  return { ...m, slug: await giveSlug(m) };
}

// Event days ahead of the real clock (a fixed date would one day be "already over" and refused), one a booking.
const FIRST_DAY = lagosDay(40);
let dayN = 0;
async function booking(m: Musician, over: Record<string, string> = {}, confirm = true) {
  dayN += 1;
  const eventDate = addDaysToDate(FIRST_DAY, dayN);
  const res = await answer(() =>
    createAction(args(post(m, "/api/bookings", { ...validBooking, eventDate, allowOverlap: "1", ...over }))),
  );
  expect(res.status).toBe(200);
  const slug = res.body.slug as string;
  if (confirm) {
    const ok = await answer(() =>
      confirmAction(args(post(null, `/booking/${slug}`, { intent: "confirm" }), { slug })),
    );
    expect(ok.status).toBe(200);
  }
  const [row] = await db
    .select({ id: bookingsByMusician.id })
    .from(bookingsByMusician)
    .where(eq(bookingsByMusician.slug, slug));
  return { slug, id: row!.id };
}

const timings: number[] = [];

async function asMusician(who: TestMusician | null, slug: string, bookingId: string, kind: string) {
  const started = performance.now();
  const res = (await musicianLoader(
    args(get(who, `/musician_documents/${slug}/${bookingId}/${kind}`), { slug, bookingId, kind }),
  ).catch((e) => e)) as Response;
  timings.push(performance.now() - started);
  return res;
}

async function asClient(slug: string, kind: string, who: TestMusician | null = null) {
  return (await clientLoader(
    args(get(who, `/booking/${slug}/documents/${kind}`), { slug, kind }),
  )) as Response;
}

async function text(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  return pdfText(Buffer.from(await res.arrayBuffer()));
}

const flat = (s: string) => s.replace(/\s+/g, " ");

describe("the contract PDF", () => {
  it("names the parties, event, times, place, naira breakdown, policy, escrow and dispute terms and the confirmation", async () => {
    const m = await musician();
    const day = lagosDay(15);
    const b = await booking(m, { eventDate: day, eventStartTime: "14:00", eventEndTime: "18:00" });
    const t = flat(await text(await asMusician(m, m.slug, b.id, "contract")));
    expect(t).toContain("Performance Contract");
    expect(t).toMatch(/Musician Stage \d+ \(Tunde Adeyemi\)/);
    expect(t).toContain("Client Ada Eze");
    // Unpaid: neither side's phone or e-mail is in it (issue 22 §4).
    expect(t).toContain("Musician contact shared once the booking is paid");
    expect(t).toContain("Client contact shared once the booking is paid");
    expect(t).not.toContain("08031234567");
    expect(t).not.toContain("ada@example.com");
    expect(t).not.toContain(m.email);
    expect(t).toContain("Wedding");
    expect(t).toContain("Full Event Performance");
    expect(t).toContain(formatCalendarDate(day, "EEE, d MMM yyyy"));
    expect(t).toContain("2:00 PM – 6:00 PM");
    expect(t).toContain("Lekki, Lagos");
    expect(t).toContain("₦250,000.00");
    expect(t).toContain("₦12,500.00"); // 5% service fee
    expect(t).toContain("₦262,500.00");
    expect(t).toContain("₦225,000.00"); // the musician's share after 10% commission
    expect(t).toContain("Flexible");
    expect(t).toContain("escrow");
    expect(t).toContain("mediation");
    expect(t).toContain("arbitration in Lagos, Nigeria");
    expect(t).toContain("Confirmed by Ada Eze (client, through the booking link)");
    expect(t).toMatch(/Confirmed on \w{3}, \d{1,2} \w{3} \d{4}.*\(Lagos time\)/);

    // The client gets the same contract by the slug alone.
    const client = flat(await text(await asClient(b.slug, "contract")));
    expect(client).toContain("Performance Contract");
    expect(client).toContain("Ada Eze");
  });

  it("an unpaid booking's contract and invoice hide contact details, also those typed into its details", async () => {
    const m = await musician();
    const b = await booking(m, {
      additionalDetails: "Reach me on 0803 123 4567 or ada.eze@gmail.com. Fee ₦150,000.",
    });
    for (const kind of ["contract", "invoice"]) {
      const t = flat(await text(await asClient(b.slug, kind)));
      expect(t).toContain("shared once the booking is paid");
      expect(t).not.toContain("0803");
      expect(t).not.toContain("ada@example.com");
      expect(t).not.toContain("ada.eze@gmail.com");
      expect(t).not.toContain(m.email);
      expect(t).toContain("Fee ₦150,000.");
    }
  });

  it("an unconfirmed booking says so; no price says the price is still to agree", async () => {
    const m = await musician();
    const b = await booking(m, { price: "" }, false);
    const t = flat(await text(await asClient(b.slug, "contract")));
    expect(t).toContain("Not yet confirmed by the client");
    expect(t).toContain("The price has not been set yet");
  });
});

describe("invoices: numbered per musician, never reused", () => {
  it("numbers each musician's invoices 1, 2, 3…, the same number on every download", async () => {
    const m = await musician();
    const first = await booking(m, { clientName: "Bola Ade", email: "bola@example.com" });
    const second = await booking(m);
    const t1 = flat(await text(await asClient(first.slug, "invoice")));
    expect(t1).toContain("Invoice INV-0001");
    expect(t1).toMatch(/From Stage \d+ \(Tunde Adeyemi\)/);
    expect(t1).toContain("Bill to Bola Ade");
    // Unpaid: the address waits for payment.
    expect(t1).toContain("Bill to Bola Ade shared once the booking is paid");
    expect(t1).not.toContain("bola@example.com");
    expect(t1).toContain("Total due ₦262,500.00");
    expect(flat(await text(await asMusician(m, m.slug, second.id, "invoice")))).toContain("INV-0002");
    expect(flat(await text(await asMusician(m, m.slug, first.id, "invoice")))).toContain("INV-0001");

    // A deleted booking's number is not handed out again.
    const third = await booking(m, {}, false);
    expect(flat(await text(await asClient(third.slug, "invoice")))).toContain("INV-0003");
    await db.delete(bookingsByMusician).where(eq(bookingsByMusician.id, third.id));
    const fourth = await booking(m);
    expect(flat(await text(await asClient(fourth.slug, "invoice")))).toContain("INV-0004");

    // Another musician has their own sequence.
    const other = await musician();
    const theirs = await booking(other);
    expect(flat(await text(await asClient(theirs.slug, "invoice")))).toContain("INV-0001");
  });

  it("first downloads at the same instant get distinct consecutive numbers", async () => {
    const m = await musician();
    const bookings = [];
    for (let i = 0; i < 5; i++) bookings.push(await booking(m));
    const texts = await Promise.all(
      bookings
        .flatMap((b) => [asClient(b.slug, "invoice"), asMusician(m, m.slug, b.id, "invoice")])
        .map(async (r) => flat(await text(await r))),
    );
    const numbers = texts.map((t) => /INV-(\d{4})/.exec(t)![1]);
    // Both downloads of one booking agree; the five bookings hold 1…5.
    for (let i = 0; i < 10; i += 2) expect(numbers[i]).toBe(numbers[i + 1]);
    expect(numbers.filter((_, i) => i % 2 === 0).sort()).toEqual(["0001", "0002", "0003", "0004", "0005"]);
  });
});

describe("the receipt", () => {
  it("exists once the booking is paid, with the amount, reference and date", async () => {
    const m = await musician();
    const b = await booking(m);
    const before = await asClient(b.slug, "receipt");
    expect(before.status).toBe(404);
    expect(await before.text()).toBe(RECEIPT_NOT_YET);

    await db.insert(payments).values({
      bookingId: b.id,
      reference: `sb-test-${b.slug}`,
      email: "ada@example.com",
      priceKobo: 25_000_000,
      serviceFeeKobo: 1_250_000,
      amountKobo: 26_250_000,
      serviceFeeBp: 500,
      commissionBp: 1000,
      cancellationPolicy: "flexible",
      status: "success",
      provider: "test",
      paidAt: new Date("2026-11-20T10:30:00Z"),
    });
    await db.update(bookingsByMusician).set({ paymentStatus: "paid" }).where(eq(bookingsByMusician.id, b.id));
    const t = flat(await text(await asClient(b.slug, "receipt")));
    expect(t).toContain("Receipt RCT-0001");
    expect(t).toContain("Received from Ada Eze");
    expect(t).toContain("Amount paid ₦262,500.00");
    // The price and the fee, as the receipt e-mail gives them (phone walk 3).
    expect(t).toMatch(/₦250,000\.00.*Platform service fee \(5%\) ₦12,500\.00.*Amount paid ₦262,500\.00/);
    expect(t).toContain(`sb-test-${b.slug}`);
    // The pages' one time format: "11:30 AM", never "11:30 am" or "11:30" (phone walk 3).
    expect(t).toContain("Paid on Fri, 20 Nov 2026, 11:30 AM (Lagos time)");
    const invoice = flat(await text(await asMusician(m, m.slug, b.id, "invoice")));
    expect(invoice).toContain("Total (paid) ₦262,500.00");
    // Paid: the contract and the invoice give both sides' contact details.
    expect(invoice).toContain("08031234567 · ada@example.com");
    const contract = flat(await text(await asClient(b.slug, "contract", m)));
    expect(contract).toContain("Client contact 08031234567 · ada@example.com");
    expect(contract).toContain(m.email);
    expect(contract).not.toContain("shared once the booking is paid");
    // Issue 27: anyone else holding the link gets the documents without either side's contacts.
    for (const kind of ["contract", "invoice", "receipt"]) {
      const outsider = flat(await text(await asClient(b.slug, kind)));
      expect(outsider, kind).not.toContain("08031234567");
      expect(outsider, kind).not.toContain("ada@example.com");
      expect(outsider, kind).not.toContain(m.email);
      if (kind !== "receipt") expect(outsider, kind).toContain(CONTACT_FOR_PARTIES);
    }
  });
});

describe("who may download", () => {
  it("another musician, a visitor or a wrong kind gets nothing; a slug gives only its own booking", async () => {
    const owner = await musician();
    const b = await booking(owner, { clientName: "Owner Client Zed" });
    const other = await musician();
    const theirs = await booking(other, { clientName: "Other Client Yan" });

    // Another musician through their own dashboard URL with the owner's booking id: not found.
    const stranger = await asMusician(other, other.slug, b.id, "contract");
    expect(stranger.status).toBe(404);
    expect(await stranger.text()).not.toContain("Owner Client Zed");
    // …or aiming at the owner's dashboard slug: 404 before anything is looked up.
    const aimed = await answer(() =>
      musicianLoader(
        args(get(other, `/musician_documents/${owner.slug}/${b.id}/contract`), {
          slug: owner.slug,
          bookingId: b.id,
          kind: "contract",
        }),
      ),
    );
    expect(aimed.status).toBe(404);
    // A signed-out visitor is sent to sign in.
    const visitor = await asMusician(null, owner.slug, b.id, "contract");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toContain("/login");

    for (const kind of ["contract", "invoice"]) {
      const t = flat(await text(await asClient(theirs.slug, kind)));
      expect(t).toContain("Other Client Yan");
      expect(t).not.toContain("Owner Client Zed");
    }
    expect((await asClient(b.slug, "passport")).status).toBe(404);
    expect((await asClient("zzzzzzzz", "contract")).status).toBe(404);
    expect((await asMusician(owner, owner.slug, "not-a-uuid", "contract")).status).toBe(404);
  });
});

describe("render time", () => {
  it("the contract, the invoice and the receipt each render in under 300 ms", async () => {
    const m = await musician();
    const b = await booking(m);
    await db.insert(payments).values({
      bookingId: b.id,
      reference: `sb-time-${b.slug}`,
      email: "ada@example.com",
      priceKobo: 25_000_000,
      serviceFeeKobo: 1_250_000,
      amountKobo: 26_250_000,
      serviceFeeBp: 500,
      commissionBp: 1000,
      cancellationPolicy: "flexible",
      status: "success",
      provider: "test",
      paidAt: new Date("2026-11-20T10:30:00Z"),
    });
    await db.update(bookingsByMusician).set({ paymentStatus: "paid" }).where(eq(bookingsByMusician.id, b.id));
    const kinds = ["contract", "invoice", "receipt"] as const;
    // A warm-up of each (fonts read, code compiled), then the median of several downloads. Both wall
    // time and this process's CPU time are measured; the bound is on CPU time, the work a download
    // costs, which other programs on a busy machine do not inflate the way they do wall time.
    for (const kind of kinds) expect((await asMusician(m, m.slug, b.id, kind)).status).toBe(200);
    const wall: Record<string, number[]> = { contract: [], invoice: [], receipt: [] };
    const cpu: Record<string, number[]> = { contract: [], invoice: [], receipt: [] };
    for (let i = 0; i < 7; i++) {
      for (const kind of kinds) {
        timings.length = 0;
        const used = process.cpuUsage();
        expect((await asMusician(m, m.slug, b.id, kind)).status).toBe(200);
        const { user, system } = process.cpuUsage(used);
        cpu[kind]!.push((user + system) / 1000);
        wall[kind]!.push(timings[0]!);
      }
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    console.log(
      `PDF download (session + query + render), median of 7 after a warm-up: ${kinds
        .map((k) => `${k} ${median(cpu[k]!).toFixed(0)} ms CPU, ${median(wall[k]!).toFixed(0)} ms wall`)
        .join("; ")}`,
    );
    for (const kind of kinds) expect(median(cpu[kind]!), kind).toBeLessThan(300);
  }, 120_000);
});

/** Records a successful payment of ₦262,500.00 for the booking and sets its payment status. */
async function paid(
  b: { id: string; slug: string },
  paymentStatus: string,
  paidAt = new Date("2026-11-20T10:30:00Z"),
) {
  await db.insert(payments).values({
    bookingId: b.id,
    reference: `sb-walk-${b.slug}`,
    email: "ada@example.com",
    priceKobo: 25_000_000,
    serviceFeeKobo: 1_250_000,
    amountKobo: 26_250_000,
    serviceFeeBp: 500,
    commissionBp: 1000,
    cancellationPolicy: "moderate",
    status: "success",
    provider: "test",
    paidAt,
  });
  await db.update(bookingsByMusician).set({ paymentStatus }).where(eq(bookingsByMusician.id, b.id));
}

describe("documents after the money moved (phone walk 2)", () => {
  it("prints a noon-hour time as 12:06 PM, not 0:06 pm (the pages' 12-hour clock)", async () => {
    const m = await musician();
    const b = await booking(m);
    await paid(b, "paid", new Date("2026-11-27T11:06:00Z"));
    const t = flat(await text(await asClient(b.slug, "receipt")));
    expect(t).toContain("Paid on Fri, 27 Nov 2026, 12:06 PM (Lagos time)");
    expect(t).not.toContain("0:06");
  });

  it("the contract is drawn up on the booking's date, the same on every download", async () => {
    const m = await musician();
    const b = await booking(m);
    await db
      .update(bookingsByMusician)
      .set({ createdAt: new Date("2026-11-02T13:15:00Z") })
      .where(eq(bookingsByMusician.id, b.id));
    const first = flat(await text(await asClient(b.slug, "contract")));
    expect(first).toContain("drawn up Mon, 2 Nov 2026, 2:15 PM (Lagos time)");
    const again = flat(await text(await asMusician(m, m.slug, b.id, "contract")));
    expect(again).toContain("drawn up Mon, 2 Nov 2026, 2:15 PM (Lagos time)");
  });

  it("after release the invoice and receipt say released, not held in escrow", async () => {
    const m = await musician();
    const b = await booking(m);
    await paid(b, "released");
    for (const kind of ["invoice", "receipt"]) {
      const t = flat(await text(await asClient(b.slug, kind)));
      expect(t).toContain("the payment has been released to the musician");
      expect(t).not.toContain("held in escrow");
    }
  });

  it("a cancelled paid booking keeps its documents and adds a credit note: paid, refunded and kept", async () => {
    const m = await musician();
    const b = await booking(m);
    expect((await asClient(b.slug, "credit-note")).status).toBe(404);
    // The money as the ledger has it (the credit note's figures are the money module's): credited into
    // escrow, then half refunded by the money module's own refund transition.
    await db.transaction(async (tx) => {
      const money = await readBookingMoney(tx, b.id);
      const credit = { reference: `sb-walk-${b.slug}`, amountKobo: 26_250_000, provider: "test" };
      expect((await applyTransition(tx, money!, "credit", credit)).ok).toBe(true);
    });
    await paid(b, "paid");
    await db.transaction(async (tx) => {
      const money = await readBookingMoney(tx, b.id);
      const refund = { amountKobo: 13_125_000, reason: "client_cancelled" as const };
      expect((await applyTransition(tx, money!, "refund", refund)).ok).toBe(true);
    });
    await db.update(bookingsByMusician).set({ status: "cancelled" }).where(eq(bookingsByMusician.id, b.id));
    await db.update(bookingRefunds).set({ status: "processed" }).where(eq(bookingRefunds.bookingId, b.id));
    for (const kind of ["contract", "invoice", "receipt"]) {
      expect((await asClient(b.slug, kind)).status, kind).toBe(200);
    }
    const note = flat(await text(await asClient(b.slug, "credit-note")));
    expect(note).toContain("Credit note CRN-0001");
    expect(note).toContain("Status Cancelled");
    expect(note).toContain("Paid ₦262,500.00");
    expect(note).toContain("Refunded to the client ₦131,250.00");
    expect(note).toContain("Kept (not refunded) ₦131,250.00");
    expect(note).toContain("paid back to the card or account that paid");
    expect(flat(await text(await asMusician(m, m.slug, b.id, "credit-note")))).toContain("CRN-0001");
    const invoice = flat(await text(await asClient(b.slug, "invoice")));
    expect(invoice).toContain("its credit note states what was refunded and what was kept");
    expect(invoice).not.toContain("held in escrow until");
  });

  it("an unpaid booking has no credit note", async () => {
    const m = await musician();
    const b = await booking(m);
    await db.update(bookingsByMusician).set({ status: "cancelled" }).where(eq(bookingsByMusician.id, b.id));
    const res = await asClient(b.slug, "credit-note");
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(CREDIT_NOTE_NOT_YET);
  });
});
