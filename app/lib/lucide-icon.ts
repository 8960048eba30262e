import { createElement, forwardRef, type SVGProps } from "react";

// The browser build's stand-in for lucide-react's createLucideIcon (vite.config.ts aliases the icons'
// import of it here): the same <svg> for the props the app passes (class names, aria-*, title), without
// lucide's context, size and stroke options, 1.1 KB gzip less in every page's first load (issue 31).

type IconNode = [tag: string, attributes: Record<string, string | number>][];
type IconProps = SVGProps<SVGSVGElement>;

const labels = (props: Record<string, unknown>, children: unknown) =>
  children != null ||
  Object.keys(props).some(
    (k) => (k.startsWith("aria-") || k === "role" || k === "title") && props[k] != null,
  );

export default function createLucideIcon(icon: { name: string; node: IconNode }) {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per icon, at module level, as lucide's are
  return forwardRef<SVGSVGElement, IconProps>(function LucideIcon({ className, children, ...rest }, ref) {
    const classes = new Set(`lucide lucide-${icon.name} ${className ?? ""}`.split(/\s+/).filter(Boolean));
    return createElement(
      "svg",
      {
        ref,
        xmlns: "http://www.w3.org/2000/svg",
        width: 24,
        height: 24,
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: "currentColor",
        strokeWidth: 2,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: [...classes].join(" "),
        ...(labels(rest, children) ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...icon.node.map(([tag, attributes]) => createElement(tag, attributes)),
      children,
    );
  });
}
