// Issue 35 §2: the money module imports none of its users. Its users follow a transition from the money
// event it writes (money-followups), so nothing it imports may import it back, directly or through
// other features. The scan reads every source file under app/features (tests excluded: they use all).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const FEATURES = path.resolve(__dirname, "..");
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** The feature a specifier imported from `file` lands in (null: not a feature: lib, server, a package). */
function featureOf(file: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith("~/features/"))
    target = path.join(FEATURES, specifier.slice("~/features/".length));
  else if (specifier.startsWith(".")) target = path.resolve(path.dirname(file), specifier);
  else return null;
  const rel = path.relative(FEATURES, target);
  return rel.startsWith("..") ? null : rel.split(path.sep)[0]!;
}

/** feature → the features its source files import (itself left out). */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(FEATURES)) {
    const from = path.relative(FEATURES, file).split(path.sep)[0]!;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const m of fs.readFileSync(file, "utf8").matchAll(SPECIFIER)) {
      const to = featureOf(file, m[1]!);
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** A chain of imports from `start` that comes back to `goal`, or null. */
function pathTo(graph: Map<string, Set<string>>, start: string, goal: string): string[] | null {
  const seen = new Set<string>();
  const walk = (at: string, trail: string[]): string[] | null => {
    if (at === goal) return trail;
    if (seen.has(at)) return null;
    seen.add(at);
    for (const next of graph.get(at) ?? []) {
      const found = walk(next, [...trail, next]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, [start]);
}

describe("app/features/money", () => {
  it("imports no feature that imports it, directly or through others", () => {
    const graph = featureGraph();
    const users = [...graph].filter(([, to]) => to.has("money")).map(([from]) => from);
    // The scan sees the module's users (a scan that found none would prove nothing).
    expect(users).toEqual(expect.arrayContaining(["payments", "refunds", "wallet", "notifications"]));
    for (const imported of graph.get("money") ?? []) {
      expect(
        pathTo(graph, imported, "money"),
        `money imports ${imported}, which leads back to money`,
      ).toBeNull();
    }
  });
});
