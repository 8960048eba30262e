import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { MessagesView } from "~/features/messaging/components/messages-view";
import type { ConversationSummary, ThreadMessage } from "~/features/messaging/message.schema";
import { BOOKING_TABS, type ClientBooking, statusLabel } from "./client-bookings";
import { ClientBookings } from "./components/client-bookings";

// One stub router for the file; each render swaps what its only route shows.
let current: React.ReactNode = null;
function Current() {
  return <>{current}</>;
}
const Stub = createRoutesStub([{ path: "/", Component: Current }]);

function html(node: React.ReactNode): string {
  current = node;
  return renderToString(<Stub />).replace(/<!-- -->/g, "");
}

function booking(over: Partial<ClientBooking>): ClientBooking {
  const id = over.id ?? crypto.randomUUID();
  return {
    key: `${over.kind ?? "booking"}-${id}`,
    kind: "booking",
    id,
    slug: "abcd2345",
    musician: { name: "Tunde Sax", slug: "tunde-sax" },
    event: "Wedding",
    date: "2026-12-12",
    startTime: "16:00:00",
    endTime: "20:00:00",
    location: "Eko Hotel, Lagos",
    amountKobo: 45_000_000,
    status: "confirmed",
    paymentStatus: over.kind === "request" ? null : "unpaid",
    href: over.kind === "request" ? "/request/tok" : "/booking/abcd2345",
    amountIsBudget: over.kind === "request",
    disputed: false,
    cancellation: null,
    resolution: null,
    ...over,
  };
}

describe("My Bookings (client view)", () => {
  it("shows the five tabs and each status's action", () => {
    const out = html(
      <ClientBookings
        bookings={[
          booking({ status: "confirmed" }),
          booking({ status: "pending", slug: "pend2345" }),
          booking({ status: "completed" }),
          booking({ kind: "request", status: "draft", slug: null }),
        ]}
      />,
    );
    for (const t of ["All", "Draft", "Pending", "Confirmed", "Completed"])
      expect(out).toContain(`>${t}</button>`);
    expect(out).toContain("Accept");
    // Accept asks first (a disclosure, before hydration too), naming the price and where the terms are.
    expect(out).toMatch(/<details[^>]*>\s*<summary[^>]*>Accept<\/summary>/);
    expect(out).toContain("Confirm this booking?");
    expect(out).toContain('href="/booking/pend2345"');
    expect(out).toContain('href="/booking/abcd2345"');
    expect(out).toContain("Make Payment");
    expect(out).toContain("Finish &amp; Send");
    expect(out).toContain('href="/musicians/tunde-sax"');
    expect(out).toContain("Leave Review");
    expect(out).not.toContain("Paid —");
    expect(out).toContain("₦450,000.00");
  });

  it("a paid booking shows Paid and no Make Payment; Leave Review opens the booking page; each has Message", () => {
    const out = html(
      <ClientBookings
        bookings={[
          booking({ id: "11111111-1111-4111-8111-111111111111", status: "confirmed", paymentStatus: "paid" }),
          booking({ status: "completed", slug: "done2345", paymentStatus: "released" }),
        ]}
      />,
    );
    expect(out).toContain("Paid — in escrow");
    expect(out).toContain("Paid — released");
    expect(out).not.toContain("Make Payment");
    expect(out).toMatch(/href="\/booking\/done2345"[^>]*>Leave Review/);
    expect(out).not.toContain('href="/musicians/tunde-sax">Leave Review');
    // "Message" posts (a GET never starts a conversation).
    expect(out).toMatch(/<form[^>]*action="\/messages" method="post"/);
    expect(out).toContain('name="bookingId" value="11111111-1111-4111-8111-111111111111"');
    expect(out).toContain("Message</button>");
  });

  it.each(BOOKING_TABS.map((t) => [t.value, t.empty] as const))("shows the %s empty state", (tab, empty) => {
    const out = html(<ClientBookings bookings={[]} initialTab={tab} />);
    expect(out).toContain(empty);
    expect(out.includes('href="/market"')).toBe(tab === "all");
  });

  it("labels sent requests by their state and unknown statuses Unknown", () => {
    expect(statusLabel({ kind: "booking", status: "confirmed" })).toBe("Confirmed");
    expect(statusLabel({ kind: "request", status: "pending" })).toBe("Request pending");
    expect(statusLabel({ kind: "request", status: "accepted" })).toBe("Request accepted");
    expect(statusLabel({ kind: "request", status: "declined" })).toBe("Request declined");
    expect(statusLabel({ kind: "booking", status: "weird" })).toBe("Unknown");
  });
});

const conversation: ConversationSummary = {
  id: "6f1c1a4e-8f57-4e4e-9d59-111111111111",
  otherName: "Tunde Sax",
  otherRole: "Musician",
  lastMessage: "See you on Saturday",
  lastMessageAt: "2026-11-20T10:00:00.000Z",
  unread: 2,
  bookingId: null,
};

describe("Messages", () => {
  it("asks to pick a conversation when none is chosen", () => {
    const out = html(<MessagesView conversations={[conversation]} q="" selected={null} messages={[]} />);
    expect(out).toContain('placeholder="Search conversations..."');
    expect(out).toContain("Select a conversation to start messaging");
    expect(out).toContain("Tunde Sax");
    expect(out).toContain('aria-label="2 unread"');
  });

  it("says when no conversation matches", () => {
    const out = html(<MessagesView conversations={[]} q="zzz" selected={null} messages={[]} />);
    expect(out).toContain("No conversations found");
  });

  it("shows the thread with a plain-form send box, and HTML in a message as text", () => {
    const messages: ThreadMessage[] = [
      {
        id: 1,
        conversationId: conversation.id,
        mine: false,
        senderName: "Tunde Sax",
        body: '<img src=x onerror="alert(1)"> hello',
        createdAt: "2026-11-20T10:00:00.000Z",
      },
    ];
    const out = html(
      <MessagesView conversations={[conversation]} q="" selected={conversation} messages={messages} />,
    );
    expect(out).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; hello");
    expect(out).not.toContain("<img");
    expect(out).toMatch(/<form[^>]*method="post"/);
    expect(out).toContain('name="body"');
    expect(out).not.toContain("Select a conversation to start messaging");
  });
});
