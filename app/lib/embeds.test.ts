import { describe, expect, it } from "vitest";
import { classifyVideoUrl, instagramEmbedUrl, parseInstagram, youtubeId } from "./embeds";

describe("youtubeId", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["youtube.com/watch?v=dQw4w9WgXcQ&t=42", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?si=abc", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/live/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
  ])("finds the id in %s", (url, id) => {
    expect(youtubeId(url)).toBe(id);
  });
  it.each([
    "https://vimeo.com/123456",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQQ",
    "https://evil.com/youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com.evil.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/@channel",
    "",
    "dQw4w9WgXcQ",
  ])("refuses %s", (url) => {
    expect(youtubeId(url)).toBeNull();
  });
});

describe("parseInstagram", () => {
  it("keeps the canonical URL of a post or reel", () => {
    expect(parseInstagram("https://www.instagram.com/p/C1a2B3c4D5e/?igsh=xyz")).toEqual({
      kind: "p",
      code: "C1a2B3c4D5e",
      url: "https://www.instagram.com/p/C1a2B3c4D5e/",
    });
    expect(parseInstagram("instagram.com/reel/C9zz_-yy/")?.url).toBe(
      "https://www.instagram.com/reel/C9zz_-yy/",
    );
    expect(parseInstagram("https://instagram.com/someone/reels/C9zz_-yy")?.kind).toBe("reel");
  });
  it("mines pasted embed markup for its permalink and drops the rest", () => {
    const markup = `<blockquote class="instagram-media" data-instgrm-permalink="https://www.instagram.com/reel/DAbc123xyz/?utm_source=ig_embed&amp;utm_campaign=loading" data-instgrm-version="14"><a href="https://www.instagram.com/reel/DAbc123xyz/">View</a></blockquote><script async src="//www.instagram.com/embed.js"></script><img src=x onerror=alert(1)>`;
    const post = parseInstagram(markup);
    expect(post?.url).toBe("https://www.instagram.com/reel/DAbc123xyz/");
    expect(JSON.stringify(post)).not.toContain("<");
  });
  it("refuses anything that is not a post or reel", () => {
    expect(parseInstagram("https://www.instagram.com/someone/")).toBeNull();
    expect(parseInstagram("https://evil.com/p/C1a2B3c4D5e")).toBeNull();
    expect(parseInstagram("<script>alert(1)</script>")).toBeNull();
    expect(parseInstagram("")).toBeNull();
  });
  it("builds the embed frame address", () => {
    expect(instagramEmbedUrl({ kind: "reel", code: "abcde" })).toBe(
      "https://www.instagram.com/reel/abcde/embed/",
    );
  });
});

describe("classifyVideoUrl", () => {
  it("tells YouTube from Instagram", () => {
    expect(classifyVideoUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toEqual({
      kind: "youtube",
      id: "dQw4w9WgXcQ",
    });
    expect(classifyVideoUrl("https://www.instagram.com/p/C1a2B3c4D5e/")?.kind).toBe("instagram");
    expect(classifyVideoUrl("https://example.com")).toBeNull();
  });
});
