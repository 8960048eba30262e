/** The card shows 96 px thumbnails (320 covers 3× screens); a tap opens the large one. */
export const REVIEW_PHOTO_WIDTHS = [1280, 320] as const;

/** The small rendition of a stored review photo, for the card. */
export function reviewPhotoThumb(url: string): string {
  return url.replace(/\.webp$/, `-${Math.min(...REVIEW_PHOTO_WIDTHS)}.webp`);
}
