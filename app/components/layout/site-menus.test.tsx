import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { mainLinks } from "~/lib/nav";
import { SiteFooter } from "./site-footer";

let current: React.ReactNode = null;
function Current() {
  return <>{current}</>;
}
const Stub = createRoutesStub([{ path: "/", Component: Current }]);
function html(node: React.ReactNode): string {
  current = node;
  return renderToString(<Stub />).replace(/<!-- -->/g, "");
}

describe("menus that tell the truth (issue 23 §6)", () => {
  it("the main menu says For Musicians for the recruitment page and has no Blog", () => {
    expect(mainLinks.map((l) => `${l.label} ${l.to}`)).toEqual([
      "Home /",
      "Find Musicians /market",
      "For Musicians /musicians",
    ]);
  });

  it("the footer links no Blog and no About page", () => {
    const out = html(<SiteFooter support={{ email: "help@stagebook.test", phone: "" }} />);
    expect(out).not.toContain('href="/blog"');
    expect(out).not.toContain(">About<");
    expect(out).toContain(">Contact<");
  });

  it("shows only the support contact that is set, and no Contact entry without one", () => {
    const none = html(<SiteFooter support={{ email: "", phone: "" }} />);
    expect(none).not.toContain(">Contact<");
    expect(none).not.toContain(">Company<");
    expect(none).not.toContain("800 000");
  });
});
