// One vocabulary for what a musician does in a band (issue 39), as event types have theirs
// (app/lib/event-types.ts): the profile form suggests these names, a role typed in another spelling
// ("Drums", "Disc jockey", "Hypeman") is saved as its name (role-spellings.ts), and the /market Role
// filter lists the same names. Roles outside the list stay free text (shown through the contact boundary
// like any typed text). Only the names here: the profile form and the market page ship them.

/** The roles, in the order the Role filter and the suggestions list them. */
export const PERFORMANCE_ROLES = [
  "Lead vocalist",
  "Backing vocalist",
  "Drummer",
  "Talking drummer",
  "Percussionist",
  "Shekere player",
  "Bassist",
  "Guitarist",
  "Keyboardist",
  "Organist",
  "Saxophonist",
  "Trumpeter",
  "Trombonist",
  "Flautist",
  "Violinist",
  "Cellist",
  "DJ",
  "MC / Hype man",
  "Rapper",
  "Spoken word artist",
  "Band leader",
  "Music director",
  "Sound engineer",
  "Cultural dancer",
] as const;
export type PerformanceRole = (typeof PERFORMANCE_ROLES)[number];
