import { describe, expect, it } from "vitest";
import { MARKET_EVENT_TYPES } from "~/features/marketplace/search-options";
import { aboutFromForm, aboutSchema, EVENT_TYPE_NOT_LISTED } from "~/features/profiles/profile.schema";
import { canonicalEventType, EVENT_TYPES, eventTypeOfWord, singularStem } from "./event-types";

describe("one vocabulary for event types (phone walk 2)", () => {
  it("the /market filter lists exactly the profile form's types", () => {
    expect(MARKET_EVENT_TYPES).toEqual(EVENT_TYPES);
  });

  it.each([
    ["Weddings", "Wedding"],
    ["wedding", "Wedding"],
    ["Traditional marriage", "Wedding"],
    ["Corporate events", "Corporate"],
    ["Company end-of-year parties", "Corporate"],
    ["Birthday parties", "Birthday"],
    ["Cocktail party", "Cocktail"],
    ["Concerts", "Concert"],
    ["Award nights", "Award"],
    ["Galas", "Gala"],
    ["Funerals", null],
    ["", null],
  ])("maps the old free text %j to %j", (text, type) => {
    expect(canonicalEventType(text)).toBe(type);
  });

  it("cuts a search word to a stem that is in both its singular and its plural", () => {
    expect(singularStem("weddings")).toBe("wedding");
    expect(singularStem("singers")).toBe("singer");
    expect(singularStem("parties")).toBe("part");
    expect(singularStem("churches")).toBe("church");
    expect(singularStem("bass")).toBe("bass");
    expect(singularStem("djs")).toBe("djs");
    expect(eventTypeOfWord("WEDDINGS")).toBe("Wedding");
    expect(eventTypeOfWord("singers")).toBeNull();
  });

  it("the profile form keeps only listed types, reading old words as their type", () => {
    const form = (types: string[]) => {
      const f = new FormData();
      f.set("stageName", "Ada");
      for (const t of types) f.append("eventTypes", t);
      return aboutSchema.safeParse(aboutFromForm(f));
    };
    const ok = form(["Wedding", "Weddings", "Corporate events"]);
    expect(ok.success && ok.data.eventTypes).toEqual(["Wedding", "Corporate"]);
    const bad = form(["Funerals"]);
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toContain(EVENT_TYPE_NOT_LISTED);
  });
});
