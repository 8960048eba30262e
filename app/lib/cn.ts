import { type ClassValue, clsx } from "clsx";

// Class names, where a later utility replaces an earlier one it conflicts with (`cn("px-4", "px-2")` is
// "px-2"), as tailwind-merge does. tailwind-merge knows every Tailwind utility and costs 8.6 KB of gzip
// JavaScript on every page (issue 24's 125 KB budget, ADR 0012); this knows the utilities the app
// writes. cn.test.ts checks it gives tailwind-merge's answer for every pair of classes in app/.

const SIZES = "(?:xs|sm|base|lg|xl|\\dxl|\\[[\\d.]+(?:px|rem|em)\\])(?:/.+)?";

/** [pattern over the utility, its group ("$1": the pattern's first group)], first match wins. */
const RULES: [RegExp, string][] = [
  [
    /^(?:block|inline-block|inline|flex|inline-flex|grid|inline-grid|contents|hidden|flow-root|list-item|table)$/,
    "d",
  ],
  [/^(?:static|fixed|absolute|relative|sticky)$/, "pos"],
  [/^(?:visible|invisible|collapse)$/, "vis"],
  [/^(?:sr-only|not-sr-only)$/, "sr"],
  [/^(filter)$/, "$1"],
  [/^\[([a-z-]+):.+\]$/, "[$1]"],
  [/^flex-(?:1|auto|initial|none|\d+|\[.+\])$/, "flex"],
  [/^flex-(?:row|row-reverse|col|col-reverse)$/, "flex-dir"],
  [/^flex-(?:wrap|wrap-reverse|nowrap)$/, "flex-wrap"],
  [/^(grow|shrink)(?:-.+)?$/, "$1"],
  [/^(justify|content)-(?:start|end|center|between|around|evenly|stretch|normal|baseline)$/, "$1"],
  [new RegExp(`^text-${SIZES}$`), "text-size"],
  [/^text-(?:left|center|right|justify|start|end)$/, "text-align"],
  [/^text-(?:wrap|nowrap|balance|pretty)$/, "text-wrap"],
  [/^(?:truncate|text-ellipsis|text-clip)$/, "text-overflow"],
  [/^font-(?:thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/, "font-weight"],
  [/^border(?:-(?:\d+|px))?$/, "border-w"],
  [/^border-([xytrbl])(?:-(?:\d+|px))?$/, "border-w-$1"],
  [/^border-(?:solid|dashed|dotted|double|hidden|none)$/, "border-style"],
  [/^rounded(?:-(?:none|xs|sm|md|lg|xl|\dxl|full|\[.+\]))?$/, "rounded"],
  [/^rounded-([trbl])(?:-.+)?$/, "rounded-$1"],
  [/^shadow(?:-(?:2xs|xs|sm|md|lg|xl|2xl|none|inner))?$/, "shadow"],
  [/^ring(?:-\d+)?$/, "ring-w"],
  [/^outline-(?:none|hidden|solid|dashed|dotted|double)$/, "outline-style"],
  [/^outline(?:-\d+)?$/, "outline-w"],
  [/^(?:underline|overline|line-through|no-underline)$/, "line"],
  [/^(?:uppercase|lowercase|capitalize|normal-case)$/, "case"],
  [/^(?:tabular-nums|proportional-nums)$/, "nums"],
  [/^(transition|backdrop-blur)(?:-.+)?$/, "$1"],
  [/^object-(?:cover|contain|fill|none|scale-down)$/, "object-fit"],
  [/^list-(?:none|disc|decimal)$/, "list"],
  [/^snap-(?:x|y|both|none)$/, "snap-type"],
  [/^snap-(?:mandatory|proximity)$/, "snap-strictness"],
  [/^snap-(?:start|end|center|align-none)$/, "snap-align"],
  [/^(divide-[xy])(?:-\d+)?$/, "$1"],
  [/^(space-[xy]-reverse)$/, "$1"],
  // The rest are named by their prefix ("w-full" and "w-10" are both "w"); a longer prefix first.
  [
    /^(p[xytrblse]?|m[xytrblse]?|inset-[xy]|inset|gap-[xy]|gap|size|min-w|min-h|max-w|max-h|w|h|top|right|bottom|left|start|end|z|opacity|order|basis|col-span|grid-cols|grid-rows|items|self|justify-items|justify-self|place-items|leading|tracking|whitespace|cursor|pointer-events|overflow-[xy]|overflow|underline-offset|decoration|animate|aspect|line-clamp|accent|fill|scroll-mt|scale|translate-[xy]|space-[xy]|break|from|via|to|ring-offset|ring|outline-offset|outline|shadow|border|bg|font|text)-/,
    "$1",
  ],
];

/** What a later utility of a group also replaces: "p-2" after "px-4" leaves only "p-2". */
const ALSO: Record<string, string> = {
  p: "px py ps pe pt pr pb pl",
  px: "pr pl",
  py: "pt pb",
  m: "mx my ms me mt mr mb ml",
  mx: "mr ml",
  my: "mt mb",
  inset: "inset-x inset-y start end top right bottom left",
  "inset-x": "right left",
  "inset-y": "top bottom",
  size: "w h",
  gap: "gap-x gap-y",
  flex: "basis grow shrink",
  "text-size": "leading",
  "border-w": "border-w-x border-w-y border-w-t border-w-r border-w-b border-w-l",
  rounded: "rounded-t rounded-r rounded-b rounded-l",
  overflow: "overflow-x overflow-y",
  scale: "scale-x scale-y",
};

const cache = new Map<string, [string, string[]] | null>();

/** The utility's group and the groups it also replaces; null for a class this does not know. */
function groupOf(utility: string): [string, string[]] | null {
  let found = cache.get(utility);
  if (found === undefined) {
    found = null;
    for (const [pattern, name] of RULES) {
      const m = pattern.exec(utility);
      if (m) {
        const group = name.replace("$1", m[1]);
        found = [group, ALSO[group]?.split(" ") ?? []];
        break;
      }
    }
    // The app's own class names, a few hundred: the bound only guards against a runaway caller.
    if (cache.size > 5_000) cache.clear();
    cache.set(utility, found);
  }
  return found;
}

/** Where the variants end ("md:", "[&_svg]:"): the last ":" outside brackets. */
function variantsEnd(cls: string): number {
  let depth = 0;
  let at = -1;
  for (let i = 0; i < cls.length; i++) {
    const c = cls[i];
    if (c === "[") depth++;
    else if (c === "]") depth--;
    else if (c === ":" && depth === 0) at = i;
  }
  return at;
}

function merge(classes: string): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  const list = classes.split(" ").filter(Boolean);
  for (let i = list.length - 1; i >= 0; i--) {
    const cls = list[i];
    const at = variantsEnd(cls);
    const variants = cls.slice(0, at + 1);
    let utility = cls.slice(at + 1);
    const important = utility.startsWith("!") || utility.endsWith("!");
    utility = utility.replace(/^!|!$/g, "").replace(/^-/, "");
    const group = groupOf(utility);
    if (!group) {
      kept.push(cls);
      continue;
    }
    const scope = `${variants}${important ? "!" : ""}`;
    if (seen.has(scope + group[0])) continue;
    seen.add(scope + group[0]);
    for (const g of group[1]) seen.add(scope + g);
    kept.push(cls);
  }
  return kept.reverse().join(" ");
}

/** A page writes the same few hundred class lists over and over: each is merged once. */
const merged = new Map<string, string>();

export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  let out = merged.get(classes);
  if (out === undefined) {
    out = merge(classes);
    if (merged.size > 5_000) merged.clear();
    merged.set(classes, out);
  }
  return out;
}
