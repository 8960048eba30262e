// Every route module app/routes.ts maps, with its full URL pattern and the server entry points it
// exports. The security suites iterate this list, so a route added later is covered (or fails them).
import routes from "../../app/routes";

export interface RouteEntry {
  /** The module path as routes.ts names it, e.g. "routes/musician-bookings.tsx". */
  file: string;
  /** The full URL pattern, e.g. "/musician_bookings/:slug" ("" for pathless layouts). */
  pattern: string;
  isLayout: boolean;
}

export type EntryPoint = "loader" | "action";

interface ConfigEntry {
  file: string;
  path?: string;
  index?: boolean;
  children?: ConfigEntry[];
}

function walk(entries: ConfigEntry[], parentPath: string, out: RouteEntry[]) {
  for (const e of entries) {
    const own = e.path ? `${parentPath.replace(/\/$/, "")}/${e.path}` : parentPath;
    out.push({ file: e.file, pattern: e.index ? parentPath || "/" : own, isLayout: !e.path && !e.index });
    if (e.children) walk(e.children, own, out);
  }
}

export function routeEntries(): RouteEntry[] {
  const out: RouteEntry[] = [];
  walk(routes as unknown as ConfigEntry[], "", out);
  return out;
}

type Module = Record<string, unknown>;

export async function loadRouteModule(file: string): Promise<Module> {
  return (await import(`../../app/${file.replace(/\.tsx?$/, "")}`)) as Module;
}

/** Each loader and action exported by a route module, as `${file}#${name}`. */
export async function entryPoints(): Promise<
  { key: string; file: string; pattern: string; name: EntryPoint; fn: (args: unknown) => Promise<unknown> }[]
> {
  const list = [];
  for (const r of routeEntries()) {
    const mod = await loadRouteModule(r.file);
    for (const name of ["loader", "action"] as const) {
      const fn = mod[name];
      if (typeof fn === "function") {
        list.push({
          key: `${r.file}#${name}`,
          file: r.file,
          pattern: r.pattern,
          name,
          fn: fn as (args: unknown) => Promise<unknown>,
        });
      }
    }
  }
  return list;
}
