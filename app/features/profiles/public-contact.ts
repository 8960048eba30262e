// Issue 27: contact details stay off the public profile until there is a paid booking. A public page
// has no paid booking with the person reading it, so a phone number, e-mail address or chat link in a
// stage name, a name, the bio or a social link is refused when saved (a clear sentence on the field),
// and any stored before this rule is masked where it is shown. Pure: the schema and pages use it.
import type { ShownValue } from "~/features/messaging/contact-boundary";
import { maskContactDetails } from "~/features/messaging/contact-mask";

export const NAME_HAS_CONTACT =
  "Names cannot contain a phone number, e-mail address or link: organisers get your contact details once a booking is paid.";
export const BIO_HAS_CONTACT =
  "Your bio cannot contain a phone number, e-mail address, chat handle or link: organisers get your contact details once a booking is paid. Add your pages under Social Links.";
export const LINK_IS_CONTACT =
  "WhatsApp, Telegram, phone and e-mail links cannot be added: organisers get your contact details once a booking is paid.";

export const FIELD_HAS_CONTACT =
  "This is shown on your public profile, so it cannot contain a phone number, e-mail address, chat handle or link: organisers get your contact details once a booking is paid.";
export const REVIEW_HAS_CONTACT =
  "Reviews and replies are public, so they cannot contain a phone number, e-mail address, chat handle or link.";
export const SLUG_HAS_CONTACT =
  "Your website URL can use letters and at most 4 digits in a row, and no phone number or e-mail address.";

/**
 * A profile address that spells contact details (issue 36): a run of more than 4 digits (a year fits),
 * or groups that read as a number or an address ("tayo-0803-123-4567", "tayo-at-gmail-dot-com").
 */
export function isContactSlug(slug: string): boolean {
  return /\d{5,}/.test(slug) || hasContactDetails(slug.replace(/-/g, " "));
}

/** Whether free text carries contact details (the chat's rules, every script's digits). */
export function hasContactDetails(text: string | null | undefined): boolean {
  return Boolean(text) && maskContactDetails(text!).masked;
}

/** Stored text as the public may see it: contact details masked. */
export function publicText<T extends string | null | undefined>(text: T): ShownValue<T> {
  return (text ? maskContactDetails(text).text : text) as ShownValue<T>;
}

// Hosts that open a chat or a call with the musician rather than a page about them.
const CONTACT_HOSTS =
  /(^|\.)(wa\.me|whatsapp\.com|whatsapp\.net|t\.me|telegram\.me|telegram\.org|telegram\.dog|signal\.me|signal\.group|viber\.com|vb\.me|m\.me|messenger\.com|ig\.me|wa\.link|walink\.co)$/i;
// Pages on a platform we allow that open a private chat rather than show work (issue 36).
const CONTACT_PATHS: [host: RegExp, path: RegExp][] = [
  [/(^|\.)instagram\.com$/i, /^\/direct(\/|$)/i],
  [/(^|\.)facebook\.com$/i, /^\/(messages|msg)(\/|$)/i],
  [/(^|\.)tiktok\.com$/i, /^\/messages(\/|$)/i],
  [/(^|\.)(x|twitter)\.com$/i, /^\/messages(\/|$)/i],
  [/(^|\.)linkedin\.com$/i, /^\/messaging(\/|$)/i],
];

/** A social link that is really a way to message or call: a chat link, a tel:/mailto: or a number in it. */
export function isContactLink(url: string): boolean {
  const raw = url.trim();
  if (/^(tel|sms|mailto|whatsapp|viber|tg|skype|callto):/i.test(raw)) return true;
  let host = "";
  let rest = raw;
  try {
    const u = new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`);
    host = u.hostname;
    rest = decodeURIComponent(`${u.pathname}${u.search}`);
  } catch {
    return false;
  }
  if (CONTACT_HOSTS.test(host)) return true;
  const path = rest.split(/[?#]/)[0] ?? "";
  if (CONTACT_PATHS.some(([h, p]) => h.test(host) && p.test(path))) return true;
  // A phone number or an e-mail address written into the address ("…/?phone=2348031234567"). A channel
  // named with "@" ("youtube.com/@tayolive", "tiktok.com/@tayo") is the page's name, not a chat handle.
  return hasContactDetails(rest.replace(/(^|\/)@/g, "$1").replace(/[/?&=#_]+/g, " "));
}
