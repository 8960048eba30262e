// Uploaded images are stored as WebP renditions: {name}.webp at the largest width plus
// {name}-{w}.webp for the smaller ones (media.server.ts). These build <img> attributes from the
// stored URL; any other URL (sample art, external) is used as is.

export const PROFILE_IMAGE_WIDTHS = [320, 640] as const;
export const PORTFOLIO_IMAGE_WIDTHS = [320, 640, 1280] as const;

export function imageSources(
  url: string,
  widths: readonly number[],
  sizes: string,
): { src: string; srcSet?: string; sizes?: string } {
  const match = /^(.*\/[^/?#]+?)\.webp(\?[^#]*)?$/.exec(url);
  if (
    !match ||
    !(url.startsWith("/uploads/") || url.includes("/musician_images/") || url.includes("/profile_images/"))
  ) {
    return { src: url };
  }
  const [, base, query = ""] = match;
  const largest = Math.max(...widths);
  const srcFor = (w: number) => (w === largest ? `${base}.webp${query}` : `${base}-${w}.webp${query}`);
  const smallest = Math.min(...widths);
  return {
    src: srcFor(smallest === largest ? largest : (widths.find((w) => w >= 640) ?? largest)),
    srcSet: widths.map((w) => `${srcFor(w)} ${w}w`).join(", "),
    sizes,
  };
}
