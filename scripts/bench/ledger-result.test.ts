import { describe, expect, it } from "vitest";
import { ledgerMarkdown, readLedgerResult } from "./ledger-result";

const line = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    target: "ledger",
    postingsPerSecond: 812,
    postings: 8120,
    seconds: 10,
    concurrency: 8,
    p50Ms: 8.1,
    p95Ms: 19.5,
    p99Ms: 31,
    ledgerTransactions: 9000,
    ledgerEntries: 22500,
    ledgerCheckMs: 140,
    ledgerCheckBreaches: 0,
    ...over,
  });

describe("the bench's ledger target", () => {
  it("reads postings/s and a passing ledger:check from the ledger bench's output", () => {
    const out = `seeding...\n${line()}\nledger: 812 postings/s ...\n`;
    const result = readLedgerResult(out, 0);
    expect(result).toMatchObject({ ok: true, check: "pass", figures: { postingsPerSecond: 812 } });
    expect(ledgerMarkdown(result)).toContain("| 812 | 8 | 8.1 | 19.5 | 31 | 9000 | 22500 | pass | 140 |");
  });

  it("fails the run when ledger:check breaches, when the bench fails, or when it printed nothing", () => {
    const breached = readLedgerResult(line({ ledgerCheckBreaches: 2 }), 1);
    expect(breached).toMatchObject({ ok: false, check: "fail" });
    expect(ledgerMarkdown(breached)).toContain("FAIL (2 breaches)");
    expect(readLedgerResult(line(), 1)).toMatchObject({ ok: false, check: "fail" });
    expect(readLedgerResult("Error: connect ECONNREFUSED\n{not json", 1)).toMatchObject({
      ok: false,
      check: "missing",
      figures: null,
    });
  });
});
