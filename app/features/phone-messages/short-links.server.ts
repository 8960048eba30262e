// Short links for texts (issue 35, phone walk 3 CONFUSING 7): a request's private link alone was about 100
// characters, so an SMS cut the musician's name to fit ("Tunde & The Ek."). An SMS carries
// {origin}/s/{code} instead: 8 random characters (as unguessable as a booking's own slug), made once per
// path, redirecting to the path on this site.
import { randomInt } from "node:crypto";
import type { DbExecutor } from "~/server/db.server";
import { publicOrigin } from "~/server/env.server";
import * as q from "./queries.server";

const ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 8;
const CODE = /^[a-km-zA-HJ-NP-Z2-9]{8}$/;

function freshCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The short form of a link to this site (any other link is returned as it is). */
export async function shortLink(ex: DbExecutor, link: string): Promise<string> {
  const origin = publicOrigin();
  if (!link.startsWith(`${origin}/`)) return link;
  const target = link.slice(origin.length);
  if (target.startsWith("//")) return link;
  return `${origin}/s/${await q.shortCodeFor(ex, target, freshCode())}`;
}

/** Where /s/{code} goes: a path on this site, or null for a code we never made. */
export async function shortLinkTarget(code: string): Promise<string | null> {
  if (!CODE.test(code)) return null;
  return q.shortLinkTarget(code);
}
