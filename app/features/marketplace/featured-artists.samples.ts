import type { FeaturedArtist } from "./components/featured-artists";

// Spec §9: five hard-coded sample artists pad the list; each links to /musicians. Their pictures are
// tiny inline SVG artworks, so the landing page loads no extra image files for them.
function artwork(from: string, to: string, initials: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="400" height="400" fill="url(#g)"/><circle cx="200" cy="170" r="70" fill="rgba(255,255,255,.25)"/><path d="M90 360c20-80 70-110 110-110s90 30 110 110z" fill="rgba(255,255,255,.25)"/><text x="200" y="190" font-family="sans-serif" font-size="56" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export const SAMPLE_ARTISTS: FeaturedArtist[] = [
  {
    id: "sample-1",
    stageName: "Ada Strings",
    roles: ["Violinist", "Vocalist"],
    imageUrl: artwork("#6d28d9", "#db2777", "AS"),
    href: "/musicians",
  },
  {
    id: "sample-2",
    stageName: "DJ Kunle",
    roles: ["DJ", "MC"],
    imageUrl: artwork("#0f766e", "#2563eb", "DK"),
    href: "/musicians",
  },
  {
    id: "sample-3",
    stageName: "The Lagos Horns",
    roles: ["Saxophonist", "Trumpeter"],
    imageUrl: artwork("#b45309", "#dc2626", "LH"),
    href: "/musicians",
  },
  {
    id: "sample-4",
    stageName: "Ngozi Keys",
    roles: ["Pianist", "Keyboardist"],
    imageUrl: artwork("#1d4ed8", "#7c3aed", "NK"),
    href: "/musicians",
  },
  {
    id: "sample-5",
    stageName: "Talking Drum Collective",
    roles: ["Percussionist", "Band"],
    imageUrl: artwork("#15803d", "#ca8a04", "TD"),
    href: "/musicians",
  },
];
