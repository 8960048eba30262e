// Whether the browser is hydrating the server's HTML right now (entry.client.tsx sets it around the
// synchronous hydrate call). The Preact bridge (preact-react.ts, ADR 0011) reads it.
let hydrating = false;

export function isHydrating(): boolean {
  return hydrating;
}

export function hydratingDuring<T>(work: () => T): T {
  hydrating = true;
  try {
    return work();
  } finally {
    hydrating = false;
  }
}
