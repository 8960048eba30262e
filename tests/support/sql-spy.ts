// Every SQL statement the app sends goes through pg's Client#query: the spy records their texts, for
// tests that count the queries a request costs.
import pg from "pg";
import { vi } from "vitest";

export function spyOnSql() {
  const spy = vi.spyOn(pg.Client.prototype, "query");
  const texts = () =>
    spy.mock.calls.map((c) => {
      const first = c[0] as string | { text?: string } | undefined;
      return typeof first === "string" ? first : (first?.text ?? "");
    });
  return {
    texts,
    /** Statements that read this table (`from "table"`). */
    readsOf: (table: string) => texts().filter((t) => t.toLowerCase().includes(`from "${table}"`)),
    restore: () => spy.mockRestore(),
  };
}
