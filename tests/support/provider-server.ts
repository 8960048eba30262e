// A local HTTP server answering as an outside service does, for the real clients' contract tests: it
// records each request and answers with the next queued answer. "hang" never answers (a timeout);
// "drop" cuts the connection after reading the request (the service acted and its answer was lost).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";

export type SeenRequest = {
  method: string;
  url: string;
  auth: string | undefined;
  body: Record<string, unknown> | undefined;
};
export type QueuedAnswer = { status: number; body: unknown } | "hang" | "drop";

/** Starts the server for the test file; `seen` and `answers` are emptied before each test. */
export function providerServer(unqueued: { status: number; body: unknown }) {
  const state = { seen: [] as SeenRequest[], answers: [] as QueuedAnswer[], baseUrl: "" };
  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => {
        raw += c;
      });
      req.on("end", () => {
        state.seen.push({
          method: req.method ?? "",
          url: req.url ?? "",
          auth: req.headers.authorization,
          body: raw ? JSON.parse(raw) : undefined,
        });
        const answer = state.answers.shift() ?? unqueued;
        if (answer === "hang") return;
        if (answer === "drop") return req.socket.destroy();
        res.writeHead(answer.status, { "Content-Type": "application/json" });
        res.end(typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    state.seen.length = 0;
    state.answers.length = 0;
  });
  return state;
}
