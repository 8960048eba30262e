import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ClientBookings } from "./components/client-bookings";
import { ClientMessages } from "./components/client-messages";
import {
  BOOKING_TABS,
  SAMPLE_BOOKINGS,
  SAMPLE_CONVERSATIONS,
  SAMPLE_MESSAGES,
  searchConversations,
  statusLabel,
} from "./sample-data";

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

describe("My Bookings (client view)", () => {
  it("shows the five tabs and each status's action from the sample data", () => {
    const out = html(<ClientBookings bookings={SAMPLE_BOOKINGS} />);
    for (const t of ["All", "Draft", "Pending", "Confirmed", "Completed"])
      expect(out).toContain(`>${t}</button>`);
    expect(out).toContain("Accept");
    expect(out).toContain("Make Payment");
    expect(out).toContain("Finish &amp; Send");
    expect(out).toContain('href="/musicians/kunle-ayo-band"');
    expect(out).toContain("Leave Review");
    expect(out).toContain("₦450,000.00");
  });

  it.each(BOOKING_TABS.map((t) => [t.value, t.empty]))("shows the %s empty state", (tab, empty) => {
    const out = html(<ClientBookings bookings={[]} initialTab={tab} />);
    expect(out).toContain(empty);
    expect(out.includes('href="/musicians"')).toBe(tab === "all");
  });

  it("labels unknown statuses Unknown", () => {
    expect(statusLabel("confirmed")).toBe("Confirmed");
    expect(statusLabel("declined")).toBe("Declined");
    expect(statusLabel("weird")).toBe("Unknown");
  });
});

describe("Messages (client view)", () => {
  it("asks to pick a conversation when none is chosen", () => {
    const out = html(
      <ClientMessages conversations={SAMPLE_CONVERSATIONS} q="" selected={null} messages={[]} />,
    );
    expect(out).toContain('placeholder="Search conversations..."');
    expect(out).toContain("Select a conversation to start messaging");
    expect(out).toContain("Tunde Sax");
  });

  it("filters by name or message and says when nothing matches", () => {
    expect(searchConversations(SAMPLE_CONVERSATIONS, "chioma").map((c) => c.id)).toEqual(["c-2"]);
    expect(searchConversations(SAMPLE_CONVERSATIONS, "GOSPEL").map((c) => c.id)).toEqual(["c-4"]);
    const out = html(<ClientMessages conversations={[]} q="zzz" selected={null} messages={[]} />);
    expect(out).toContain("No conversations found");
  });

  it("shows the thread and a send box for the chosen conversation", () => {
    const c = SAMPLE_CONVERSATIONS[0];
    const out = html(
      <ClientMessages
        conversations={SAMPLE_CONVERSATIONS}
        q=""
        selected={c}
        messages={SAMPLE_MESSAGES[c.id]}
      />,
    );
    expect(out).toContain("Do you have a first-dance song in mind?");
    expect(out).toContain('placeholder="Type a message..."');
    expect(out).not.toContain("Select a conversation to start messaging");
  });
});
