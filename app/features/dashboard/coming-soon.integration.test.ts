import { describe, expect, it } from "vitest";
import { loader as messagesLoader } from "~/routes/musician-messages";
import { loader as reviewsLoader } from "~/routes/musician-reviews";
import { loader as walletLoader } from "~/routes/musician-wallet";
import { createMusician, loadContext, requestAs, settle } from "../../../tests/support/accounts";

type Load = (args: never) => Promise<unknown>;
const pages: Array<[string, Load]> = [
  ["/musician_wallet", walletLoader as Load],
  ["/musician_reviews", reviewsLoader as Load],
  ["/musician_messages", messagesLoader as Load],
];

describe("coming-soon pages", () => {
  it.each(pages)(
    "%s opens for its musician, sends a visitor to /login, 404s another musician",
    async (path, load) => {
      const m = await createMusician();
      const other = await createMusician();
      const url = `${path}/${m.profileId}`;
      const args = (who: { cookie: string } | null) =>
        ({ request: requestAs(who, url), params: { slug: m.profileId }, context: loadContext() }) as never;
      expect(await load(args(m))).toBeNull();
      const out = (await settle(() => load(args(null)))) as Response;
      expect(out.status).toBe(302);
      expect(out.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
      expect(((await settle(() => load(args(other)))) as Response).status).toBe(404);
    },
  );
});
