import { describe, expect, it } from "vitest";
import { isValidWebUrl, readSocialLinks, withHttp } from "./social-links";

describe("readSocialLinks", () => {
  const expected = [
    { platform: "instagram", url: "https://instagram.com/ada" },
    { platform: "youtube", url: "https://youtube.com/@ada" },
  ];

  it("reads a list of {platform, url}", () => {
    expect(readSocialLinks(expected)).toEqual(expected);
  });
  it("reads an object of platform to url", () => {
    expect(
      readSocialLinks({ instagram: "https://instagram.com/ada", youtube: "https://youtube.com/@ada" }),
    ).toEqual(expected);
  });
  it("reads a nested social_media object", () => {
    expect(
      readSocialLinks({
        social_media: { instagram: "https://instagram.com/ada", youtube: "https://youtube.com/@ada" },
      }),
    ).toEqual(expected);
    expect(readSocialLinks({ social_media: expected })).toEqual(expected);
  });
  it("reads JSON text and skips junk", () => {
    expect(readSocialLinks(JSON.stringify(expected))).toEqual(expected);
    expect(readSocialLinks(null)).toEqual([]);
    expect(readSocialLinks("not json")).toEqual([]);
    expect(readSocialLinks(42)).toEqual([]);
    expect(readSocialLinks([{ platform: "x" }, "str", null, { platform: "x", url: " " }])).toEqual([]);
    expect(readSocialLinks({ tiktok: 3, x: "" })).toEqual([]);
    expect(readSocialLinks({ social_media: null })).toEqual([]);
  });
});

describe("urls", () => {
  it("adds a missing https:// prefix", () => {
    expect(withHttp("instagram.com/ada")).toBe("https://instagram.com/ada");
    expect(withHttp(" http://x.com ")).toBe("http://x.com");
    expect(withHttp("HTTPS://x.com")).toBe("HTTPS://x.com");
  });
  it("accepts only http(s) addresses with a real host", () => {
    expect(isValidWebUrl("https://instagram.com/ada")).toBe(true);
    expect(isValidWebUrl("https://localhost")).toBe(false);
    expect(isValidWebUrl("https://javascript:alert(1)")).toBe(false);
    expect(isValidWebUrl("javascript:alert(1)")).toBe(false);
    expect(isValidWebUrl("https://not a url")).toBe(false);
  });
});
