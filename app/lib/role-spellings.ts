// The spellings of app/lib/performance-roles.ts (issue 39): read on the server when a profile is saved
// and when a /market link names a role. Migration 0042 mapped older profiles' roles with the same
// spellings (its SQL lists them; market.integration.test.ts checks the two agree).
import { PERFORMANCE_ROLES, type PerformanceRole } from "./performance-roles";

/**
 * Other ways of writing each role, as keys (see roleKey: lower-case, accent-free, words separated by
 * one space). A plural needs no entry: a key ending in "s" is also tried without it.
 */
const SPELLINGS: Record<PerformanceRole, string[]> = {
  "Lead vocalist": [
    "vocalist",
    "vocal",
    "lead vocal",
    "lead singer",
    "singer",
    "lead voice",
    "frontman",
    "front man",
    "frontwoman",
    "front woman",
  ],
  "Backing vocalist": [
    "backing vocal",
    "backing singer",
    "backup singer",
    "backup vocalist",
    "backup vocal",
    "back up singer",
    "background singer",
    "background vocalist",
    "background vocal",
    "chorister",
    "chorus singer",
    "bv",
  ],
  Drummer: ["drum", "drummer", "drum kit", "drum set", "drumset", "drum player", "jazz drummer"],
  "Talking drummer": [
    "talking drum",
    "talking drum player",
    "gangan",
    "gangan drummer",
    "dundun",
    "dundun drummer",
    "iya ilu",
  ],
  Percussionist: ["percussion", "conga", "conga player", "congo", "bongo", "djembe", "djembe player"],
  "Shekere player": ["shekere", "sekere", "shekere player", "sekere player"],
  Bassist: ["bass", "bass guitar", "bass guitarist", "bass player", "bassist", "bass guitar player"],
  Guitarist: [
    "guitar",
    "guitar player",
    "lead guitar",
    "lead guitarist",
    "rhythm guitar",
    "rhythm guitarist",
    "acoustic guitarist",
    "solo guitarist",
  ],
  Keyboardist: [
    "keyboard",
    "keyboard player",
    "key",
    "keys player",
    "piano",
    "pianist",
    "keyboardist",
    "synth",
    "synth player",
  ],
  Organist: ["organ", "organ player", "church organist"],
  Saxophonist: ["sax", "saxophone", "saxophonist", "sax player", "saxophone player", "saxist"],
  Trumpeter: ["trumpet", "trumpet player", "trumpeter", "trumpetist"],
  Trombonist: ["trombone", "trombone player", "trombonist"],
  Flautist: ["flute", "flutist", "flute player"],
  Violinist: ["violin", "violin player", "fiddle", "fiddler"],
  Cellist: ["cello", "cello player"],
  DJ: ["dj", "d j", "deejay", "disc jockey", "disk jockey", "turntablist"],
  "MC / Hype man": [
    "mc",
    "m c",
    "emcee",
    "mc hype man",
    "mc hypeman",
    "hype man",
    "hypeman",
    "hype woman",
    "hypewoman",
    "master of ceremony",
    "master of ceremonies",
    "compere",
    "compère",
    "host",
    "event host",
  ],
  Rapper: ["rap", "rapper", "hip hop artist", "mc rapper"],
  "Spoken word artist": ["spoken word", "spoken word poet", "poet"],
  "Band leader": ["bandleader", "band leader", "leader"],
  "Music director": ["musical director", "music director", "md"],
  "Sound engineer": ["sound engineer", "sound man", "soundman", "sound tech", "audio engineer"],
  "Cultural dancer": ["dancer", "cultural dance", "cultural dancer", "dance troupe", "cultural troupe"],
};

/** Lower-case, accent-free (as the database's stagebook_fold()). */
function fold(s: string): string {
  return s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** A spelling's key: folded, each run of other characters one space ("MC / Hype-man" → "mc hype man"). */
export function roleKey(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

const BY_KEY: ReadonlyMap<string, PerformanceRole> = new Map(
  PERFORMANCE_ROLES.flatMap((role) =>
    [role, ...SPELLINGS[role]].map((s) => [roleKey(s), role] as [string, PerformanceRole]),
  ),
);

/** Every spelling the vocabulary knows, as keys, with its role (the migration's test reads these). */
export function roleSpellings(): [string, PerformanceRole][] {
  return [...BY_KEY];
}

/** The role a typed value names ("Drums" → Drummer, "Disc jockey" → DJ), or null when it names none. */
export function canonicalRole(text: string): PerformanceRole | null {
  const key = roleKey(text);
  return BY_KEY.get(key) ?? (key.endsWith("s") ? (BY_KEY.get(key.slice(0, -1)) ?? null) : null);
}

/** Roles as saved: a known spelling becomes its name, the rest stay as typed; each once, order kept. */
export function normaliseRoles(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    const role = canonicalRole(v) ?? v;
    if (seen.has(role.toLowerCase())) continue;
    seen.add(role.toLowerCase());
    out.push(role);
  }
  return out;
}
