import { describe, expect, it } from "vitest";
import { isRobot, viewSource } from "./view-source";

const at = (q = "") => new URL(`http://stagebook.ng/musicians/ada${q}`);
const source = (q: string, referer: string | null) =>
  viewSource({ url: at(q), referer, ownHost: "stagebook.ng" });

describe("where a profile view came from", () => {
  it("reads a shared link's tag first", () => {
    expect(source("?from=whatsapp", "https://l.instagram.com/")).toBe("whatsapp");
    expect(source("?utm_source=instagram", null)).toBe("instagram");
    expect(source("?from=share", null)).toBe("link");
    expect(source("?from=newsletter", null)).toBe("other");
  });
  it("then the Referer: our market, our other pages, known apps, other sites, nothing", () => {
    expect(source("", "https://stagebook.ng/market?genre=Jazz")).toBe("market");
    expect(source("", "https://stagebook.ng/booking/abcd2345")).toBe("link");
    expect(source("", "https://stagebook.ng/musicians/ada")).toBe("direct");
    expect(source("", "https://web.whatsapp.com/")).toBe("whatsapp");
    expect(source("", "https://www.instagram.com/")).toBe("instagram");
    expect(source("", "https://www.google.com/")).toBe("other");
    expect(source("", null)).toBe("direct");
    expect(source("", "not a url")).toBe("direct");
  });
  it("does not count robots and link previews", () => {
    expect(isRobot("WhatsApp/2.23.20.0 A")).toBe(true);
    expect(isRobot("facebookexternalhit/1.1")).toBe(true);
    expect(isRobot("Googlebot/2.1")).toBe(true);
    expect(isRobot(null)).toBe(true);
    expect(
      isRobot("Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36"),
    ).toBe(false);
  });
});
