// The browser build's "react-dom" (vite.config.ts, ADR 0011): preact/compat plus React 19's resource
// hints, which compat lacks. They only matter during the server render, where the real react-dom puts
// them in the preamble; in the browser the tags are already in the document.
// @ts-expect-error preact/compat declares its types with `export =`, which `export *` cannot name;
// the bundler re-exports its ES module.
export * from "preact/compat";
export { default } from "preact/compat";
export function preload(_href: string, _options?: unknown): void {}
export function preinit(_href: string, _options?: unknown): void {}
export function preconnect(_href: string, _options?: unknown): void {}
export function prefetchDNS(_href: string): void {}
