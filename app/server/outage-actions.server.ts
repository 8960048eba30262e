/**
 * Every action answers an outage as its own data: a 503 with the friendly message as a toast (and as
 * `error`, which the message composer shows), so the form stays on screen with what the person typed
 * instead of the page turning into the error boundary.
 */
import { data, type ServerBuild } from "react-router";
import { OUTAGE_MESSAGE } from "~/lib/outage";
import { isConnectionError, noteDatabaseError, RETRY_AFTER_SECONDS } from "./database-health.server";

export interface OutageActionData {
  ok: false;
  outage: true;
  error: string;
  toast: { type: "error"; message: string };
}

/** The answer an action gives while the database is unreachable. */
export function outageAnswer() {
  return data<OutageActionData>(
    { ok: false, outage: true, error: OUTAGE_MESSAGE, toast: { type: "error", message: OUTAGE_MESSAGE } },
    { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" } },
  );
}

type Action = NonNullable<NonNullable<ServerBuild["routes"][string]>["module"]["action"]>;

/** Wraps one action: a connection error becomes outageAnswer(); anything else passes through. */
export function outageSafeAction(action: Action): Action {
  return async (args) => {
    try {
      return await action(args);
    } catch (err) {
      // Thrown redirects and responses are answers, not failures.
      if (err instanceof Response || !isConnectionError(err)) throw err;
      noteDatabaseError(err);
      return outageAnswer();
    }
  };
}

const wrapped = new WeakMap<ServerBuild, ServerBuild>();

/** The same build with every route's action wrapped by outageSafeAction (made once per build). */
export function withOutageSafeActions(build: ServerBuild): ServerBuild {
  const done = wrapped.get(build);
  if (done) return done;
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const action = route?.module.action;
    routes[id] =
      route && action ? { ...route, module: { ...route.module, action: outageSafeAction(action) } } : route;
  }
  const result = { ...build, routes };
  wrapped.set(build, result);
  return result;
}
