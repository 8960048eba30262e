import type { Location, UIMatch } from "react-router";
import { describe, expect, it } from "vitest";
import { scrollKey } from "./scroll-key";

const location = { pathname: "/musicians", key: "abc123" } as Location;
const match = (handle: unknown) => ({ id: "r", pathname: "/musicians", handle }) as UIMatch;

describe("scrollKey", () => {
  it("keys an ordinary page by its history entry, so Back restores its position", () => {
    expect(scrollKey(location, [match(undefined)])).toBe("abc123");
    expect(scrollKey(location, [match({ other: true })])).toBe("abc123");
  });

  it("gives a page that opens at the top a new key each time, so no saved position is ever found", () => {
    const matches = [match(undefined), match({ opensAtTop: true })];
    const first = scrollKey(location, matches);
    const second = scrollKey(location, matches);
    expect(first).not.toBe("abc123");
    expect(first).not.toBe(second);
  });
});
