import { expect, it } from "vitest";
import { imageSources, PORTFOLIO_IMAGE_WIDTHS, PROFILE_IMAGE_WIDTHS } from "./image-srcset";

it("builds a srcset from a stored WebP rendition", () => {
  expect(imageSources("/uploads/musician_images/u1/1700.webp", PORTFOLIO_IMAGE_WIDTHS, "50vw")).toEqual({
    src: "/uploads/musician_images/u1/1700-640.webp",
    srcSet:
      "/uploads/musician_images/u1/1700-320.webp 320w, /uploads/musician_images/u1/1700-640.webp 640w, /uploads/musician_images/u1/1700.webp 1280w",
    sizes: "50vw",
  });
  expect(
    imageSources("/uploads/profile_images/u1/profile.webp?v=9", PROFILE_IMAGE_WIDTHS, "96px").srcSet,
  ).toBe(
    "/uploads/profile_images/u1/profile-320.webp?v=9 320w, /uploads/profile_images/u1/profile.webp?v=9 640w",
  );
});

it("leaves other images alone", () => {
  expect(imageSources("data:image/svg+xml,abc", PROFILE_IMAGE_WIDTHS, "96px")).toEqual({
    src: "data:image/svg+xml,abc",
  });
  expect(imageSources("https://example.com/a.jpg", PROFILE_IMAGE_WIDTHS, "96px")).toEqual({
    src: "https://example.com/a.jpg",
  });
});
