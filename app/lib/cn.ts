import { type ClassValue, clsx } from "clsx";

// Class names, where a later utility replaces an earlier one it conflicts with (`cn("px-4", "px-2")` is
// "px-2"), as tailwind-merge does. tailwind-merge knows every Tailwind utility and costs 8.6 KB of gzip
// JavaScript on every page (issue 24's 125 KB budget, ADR 0012); this knows the utilities the app
// writes. cn.test.ts checks it gives tailwind-merge's answer for every pair of classes in app/.

const SIZES = "(?:xs|sm|base|lg|xl|\\dxl|\\[[\\d.]+(?:px|rem|em)\\])(?:/.+)?";

/** [pattern over the utility, its group, the groups a later one also replaces] */
const RULES: [RegExp, string, string[]?][] = [
  [
    /^(?:block|inline-block|inline|flex|inline-flex|grid|inline-grid|contents|hidden|flow-root|list-item|table)$/,
    "d",
  ],
  [/^(?:static|fixed|absolute|relative|sticky)$/, "pos"],
  [/^(?:visible|invisible|collapse)$/, "vis"],
  [/^(?:sr-only|not-sr-only)$/, "sr"],
  [/^filter$/, "filter"],
  [/^\[([a-z-]+):.+\]$/, "[$1]"],
  [/^(from|via|to)-/, "$1"],
  [/^p-/, "p", ["px", "py", "ps", "pe", "pt", "pr", "pb", "pl"]],
  [/^px-/, "px", ["pr", "pl"]],
  [/^py-/, "py", ["pt", "pb"]],
  [/^m-/, "m", ["mx", "my", "ms", "me", "mt", "mr", "mb", "ml"]],
  [/^mx-/, "mx", ["mr", "ml"]],
  [/^my-/, "my", ["mt", "mb"]],
  [/^inset-(?![xy]-)/, "inset", ["inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left"]],
  [/^inset-x-/, "inset-x", ["right", "left"]],
  [/^inset-y-/, "inset-y", ["top", "bottom"]],
  [/^size-/, "size", ["w", "h"]],
  [/^gap-(?![xy]-)/, "gap", ["gap-x", "gap-y"]],
  [/^flex-(?:1|auto|initial|none|\d+|\[.+\])$/, "flex", ["basis", "grow", "shrink"]],
  [/^flex-(?:row|row-reverse|col|col-reverse)$/, "flex-dir"],
  [/^flex-(?:wrap|wrap-reverse|nowrap)$/, "flex-wrap"],
  [/^grow(?:-.+)?$/, "grow"],
  [/^shrink(?:-.+)?$/, "shrink"],
  [/^col-span-/, "col"],
  [/^justify-(?:start|end|center|between|around|evenly|stretch|normal|baseline)$/, "justify"],
  [/^content-(?:start|end|center|between|around|evenly|stretch|normal|baseline)$/, "content"],
  [new RegExp(`^text-${SIZES}$`), "text-size", ["leading"]],
  [/^text-(?:left|center|right|justify|start|end)$/, "text-align"],
  [/^text-(?:wrap|nowrap|balance|pretty)$/, "text-wrap"],
  [/^(?:truncate|text-ellipsis|text-clip)$/, "text-overflow"],
  [/^text-/, "text-color"],
  [/^font-(?:thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/, "font-weight"],
  [/^font-/, "font-family"],
  [/^bg-/, "bg-color"],
  [
    /^border(?:-(?:\d+|px))?$/,
    "border-w",
    ["border-w-x", "border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l"],
  ],
  [/^border-([xytrbl])(?:-(?:\d+|px))?$/, "border-w-$1"],
  [/^border-(?:solid|dashed|dotted|double|hidden|none)$/, "border-style"],
  [/^border-/, "border-color"],
  [
    /^rounded(?:-(?:none|xs|sm|md|lg|xl|\dxl|full|\[.+\]))?$/,
    "rounded",
    ["rounded-t", "rounded-r", "rounded-b", "rounded-l"],
  ],
  [/^rounded-([trbl])(?:-.+)?$/, "rounded-$1"],
  [/^shadow(?:-(?:2xs|xs|sm|md|lg|xl|2xl|none|inner))?$/, "shadow"],
  [/^shadow-/, "shadow-color"],
  [/^ring(?:-\d+)?$/, "ring-w"],
  [/^ring-offset-/, "ring-offset"],
  [/^ring-/, "ring-color"],
  [/^outline-(?:none|hidden|solid|dashed|dotted|double)$/, "outline-style"],
  [/^outline(?:-\d+)?$/, "outline-w"],
  [/^outline-offset-/, "outline-offset"],
  [/^outline-/, "outline-color"],
  [/^overflow-(?!x-|y-)/, "overflow", ["overflow-x", "overflow-y"]],
  [/^break-/, "break"],
  [/^(?:underline|overline|line-through|no-underline)$/, "decoration"],
  [/^decoration-/, "decoration-color"],
  [/^(?:uppercase|lowercase|capitalize|normal-case)$/, "case"],
  [/^(?:tabular-nums|proportional-nums)$/, "nums"],
  [/^transition(?:-.+)?$/, "transition"],
  [/^object-(?:cover|contain|fill|none|scale-down)$/, "object-fit"],
  [/^list-(?:none|disc|decimal)$/, "list"],
  [/^snap-(?:x|y|both|none)$/, "snap-type"],
  [/^snap-(?:mandatory|proximity)$/, "snap-strictness"],
  [/^snap-(?:start|end|center|align-none)$/, "snap-align"],
  [/^backdrop-blur(?:-.+)?$/, "backdrop-blur"],
  [/^scale-/, "scale", ["scale-x", "scale-y"]],
  [/^divide-([xy])(?:-\d+)?$/, "divide-$1"],
  [/^space-y-reverse$/, "space-y-reverse"],
  [/^space-x-reverse$/, "space-x-reverse"],
  // The rest are named by their prefix: "w-full" and "w-10" are both "w".
  [
    /^(px|py|pt|pr|pb|pl|ps|pe|mx|my|mt|mr|mb|ml|ms|me|min-w|min-h|max-w|max-h|w|h|gap-x|gap-y|top|right|bottom|left|start|end|z|opacity|order|basis|grid-cols|grid-rows|items|self|justify-items|justify-self|place-items|leading|tracking|whitespace|cursor|pointer-events|overflow-x|overflow-y|underline-offset|animate|aspect|line-clamp|accent|fill|scroll-mt|translate-x|translate-y|space-y|space-x)-/,
    "$1",
  ],
];

const cache = new Map<string, [string, string[]] | null>();

/** The utility's group and the groups it also replaces; null for a class this does not know. */
function groupOf(utility: string): [string, string[]] | null {
  let found = cache.get(utility);
  if (found === undefined) {
    found = null;
    for (const [pattern, group, also] of RULES) {
      const m = pattern.exec(utility);
      if (m) {
        found = [group.replace("$1", m[1] ?? ""), also ?? []];
        break;
      }
    }
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

export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
