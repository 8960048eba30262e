// The ledger target's figures inside `npm run bench`: scripts/bench/ledger.ts prints one JSON line;
// this reads it back, and says whether the run must fail (a ledger:check breach, or no figures at all).

export interface LedgerFigures {
  target: "ledger";
  postingsPerSecond: number;
  postings: number;
  seconds: number;
  concurrency: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  ledgerTransactions: number;
  ledgerEntries: number;
  ledgerCheckMs: number;
  ledgerCheckBreaches: number;
}

export type LedgerOutcome =
  | { ok: true; figures: LedgerFigures; check: "pass" }
  | { ok: false; figures: LedgerFigures | null; check: "fail" | "missing"; reason: string };

/** The last `{"target":"ledger",…}` line of the ledger bench's output, judged with its exit code. */
export function readLedgerResult(stdout: string, exitCode: number | null): LedgerOutcome {
  let figures: LedgerFigures | null = null;
  for (const line of stdout.split("\n")) {
    const text = line.trim();
    if (!text.startsWith("{")) continue;
    try {
      const parsed = JSON.parse(text) as Partial<LedgerFigures>;
      if (parsed.target === "ledger" && typeof parsed.postingsPerSecond === "number")
        figures = parsed as LedgerFigures;
    } catch {
      // not the result line
    }
  }
  if (!figures)
    return {
      ok: false,
      figures: null,
      check: "missing",
      reason: `the ledger bench printed no result (exit ${exitCode})`,
    };
  if (figures.ledgerCheckBreaches > 0)
    return {
      ok: false,
      figures,
      check: "fail",
      reason: `ledger:check found ${figures.ledgerCheckBreaches} breaches on the bench data`,
    };
  if (exitCode !== 0)
    return { ok: false, figures, check: "fail", reason: `the ledger bench exited with ${exitCode}` };
  return { ok: true, figures, check: "pass" };
}

/** The ledger section of latest.md. */
export function ledgerMarkdown(outcome: LedgerOutcome): string {
  const f = outcome.figures;
  const lines = ["", "Ledger (scripts/bench/ledger.ts: each posting its own committed transaction)", ""];
  if (!f) return [...lines, `No ledger figures: ${outcome.ok ? "" : outcome.reason}.`].join("\n");
  lines.push(
    "| postings/s | writers | p50 ms | p95 ms | p99 ms | transactions | entries | ledger:check | check ms |",
    "|---:|---:|---:|---:|---:|---:|---:|---|---:|",
    `| ${f.postingsPerSecond} | ${f.concurrency} | ${f.p50Ms} | ${f.p95Ms} | ${f.p99Ms} | ${f.ledgerTransactions} | ${f.ledgerEntries} | ${outcome.check === "pass" ? "pass" : `FAIL (${f.ledgerCheckBreaches} breaches)`} | ${f.ledgerCheckMs} |`,
  );
  return lines.join("\n");
}
