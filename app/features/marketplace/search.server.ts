import { EVENT_FILLER_WORDS, eventTypeOfWord, singularStem } from "~/lib/event-types";
import { formatNairaWhole } from "~/lib/money";
import { NIGERIA_STATES } from "~/lib/nigeria-states";
import { logger } from "~/server/logger.server";
import {
  browseActiveMusicians,
  isBrowseListing,
  type MarketFilters,
  type MarketRow,
  searchActiveMusicians,
} from "./queries.server";
import type { MarketSearch } from "./search.schema";
import { PAGE_SIZE } from "./search-options";

export interface MarketCard {
  id: string;
  href: string;
  name: string;
  roles: string[];
  genres: string[];
  location: string | null;
  rate: string | null;
  imageUrl: string | null;
  ratingCount: number;
  ratingAverage: number | null;
}

export interface MarketResults {
  cards: MarketCard[];
  page: number;
  /** 1-based position of the first card in the whole listing. */
  first: number;
  hasNext: boolean;
  /** Every active musician: counted for the unsearched listing only, null for a search. */
  total: number | null;
  /** Set when nothing matched the words as typed and these results are for this corrected spelling. */
  correctedQuery: string | null;
  failed: boolean;
}

/** Lower-case and strip accents the way the database's stagebook_fold() does. */
export function fold(s: string): string {
  return s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * The search box's words: one naming an event type ("weddings", "corporate") becomes the event-type
 * filter, with the words that only say "an event" beside it ("events", "party"); the rest match in
 * singular or plural (each is cut to a stem that prefixes both forms, and matches as a substring).
 */
function readWords(q: string, eventType: string | null): { words: string[]; eventType: string | null } {
  const raw = fold(q)
    .split(/[^\p{L}\p{N}&+-]+/u)
    .filter((w) => w.length > 0);
  let type = eventType;
  const named = raw.map((w) => eventTypeOfWord(w));
  const typed = named.find((t) => t !== null) ?? null;
  if (!type && typed) type = typed;
  const words = raw
    .filter((_w, i) => !(named[i] && named[i] === type))
    .map(singularStem)
    .filter((w) => !(typed && EVENT_FILLER_WORDS.has(w)));
  return { words: [...new Set(words)].slice(0, 6), eventType: type };
}

/**
 * Place names typed in the search box ("highlife lagos"): the states whose names are not also common
 * words or band names (Delta, Niger, Plateau, Rivers stay words), and the FCT's city.
 */
const PLACE_WORDS: ReadonlyMap<string, string[]> = new Map([
  ...NIGERIA_STATES.filter(
    (st) => !/\s/.test(st) && !["Delta", "Niger", "Plateau", "Rivers", "FCT"].includes(st),
  ).map(
    // Keyed as the search reads its words (singularStem: "lagos" → "lago").
    (st) => [singularStem(fold(st)), [fold(st)]] as [string, string[]],
  ),
  ["abuja", ["fct", "abuja"]],
  ["fct", ["fct", "abuja"]],
]);

export function toFilters(s: MarketSearch): MarketFilters {
  const read = readWords(s.q, s.eventType);
  const { eventType } = read;
  let words = read.words;
  let locationTerms = s.location ? (s.location === "FCT" ? ["fct", "abuja"] : [fold(s.location)]) : [];
  // A place typed in the box is where, not who (phone walk 3: "highlife lagos" found nobody), unless
  // the Location filter already says where.
  const place = words.find((w) => PLACE_WORDS.has(w));
  if (place && !s.location) {
    locationTerms = PLACE_WORDS.get(place) ?? [];
    words = words.filter((w) => w !== place);
  }
  return {
    words,
    genre: s.genre,
    eventType,
    role: s.role,
    locationTerms,
    maxRateKobo: s.maxRate === null ? null : s.maxRate * 100,
    date: s.date,
    sort: s.sort,
  };
}

function toCard(r: MarketRow): MarketCard {
  return {
    id: r.id,
    href: `/musicians/${r.slug}`,
    name: r.stageName?.trim() || `${r.firstName ?? ""} ${r.lastName ?? ""}`.trim(),
    roles: r.performanceRoles,
    genres: r.genres,
    location: r.location,
    rate: r.hourlyRateKobo === null ? null : formatNairaWhole(r.hourlyRateKobo),
    imageUrl: r.profileImage,
    ratingCount: r.ratingCount,
    ratingAverage: r.ratingAverage,
  };
}

export async function searchMarket(s: MarketSearch): Promise<MarketResults> {
  try {
    const filters = toFilters(s);
    if (isBrowseListing(filters)) {
      const browse = await browseActiveMusicians(filters, s.page, PAGE_SIZE);
      return {
        cards: browse.rows.map(toCard),
        page: s.page,
        first: browse.offset + 1,
        hasNext: browse.hasNext,
        total: browse.total,
        correctedQuery: null,
        failed: false,
      };
    }
    const { rows, correctedQuery } = await searchActiveMusicians(
      filters,
      PAGE_SIZE,
      (s.page - 1) * PAGE_SIZE,
    );
    return {
      cards: rows.slice(0, PAGE_SIZE).map(toCard),
      page: s.page,
      first: (s.page - 1) * PAGE_SIZE + 1,
      hasNext: rows.length > PAGE_SIZE,
      total: null,
      correctedQuery,
      failed: false,
    };
  } catch (err) {
    logger.error({ err }, "marketplace search failed");
    return {
      cards: [],
      page: s.page,
      first: 1,
      hasNext: false,
      total: null,
      correctedQuery: null,
      failed: true,
    };
  }
}
