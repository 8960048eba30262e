// Memory of the server's Node processes (issue 31): RSS per process (the primary, which only supervises,
// and each worker) at idle, under 200 clients, and over a soak of several minutes of mixed public pages
// (the uncached /market searches fill the public page cache), sampled every second.
import { spawnSync } from "node:child_process";
import autocannon from "autocannon";
import { sleep } from "./server-control";

export interface ProcessRss {
  pid: number;
  role: "primary" | "worker";
  mb: number;
}

/** RSS of `pid` (the process `npm start` runs) and of its Node children, the workers (not PostgreSQL). */
export function processRss(pid: number | undefined): ProcessRss[] {
  if (!pid) return [];
  const r = spawnSync("ps", ["-o", "pid=,rss=,comm=", "-p", String(pid), "--ppid", String(pid)], {
    encoding: "utf8",
  });
  return r.stdout
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .filter(([, kb, comm]) => Number(kb) > 0 && comm === "node")
    .map(([p, kb]) => ({
      pid: Number(p),
      role: Number(p) === pid ? ("primary" as const) : ("worker" as const),
      mb: Math.round(Number(kb) / 1024),
    }));
}

export interface MemoryPhase {
  /** Largest RSS any one worker reached, and the primary's. */
  workerPeakMB: number;
  primaryMB: number;
  /** Each worker at the end of the phase. */
  workersEndMB: number[];
  requestsPerSecond?: number;
  errors?: number;
}

export interface MemoryFigures {
  idle: MemoryPhase;
  load: MemoryPhase & { connections: number; seconds: number };
  soak?: MemoryPhase & {
    connections: number;
    minutes: number;
    /** Worker RSS (the largest) averaged over the soak's first and last minute: growth shows here. */
    firstMinuteMB: number;
    lastMinuteMB: number;
  };
}

function phase(samples: ProcessRss[][]): MemoryPhase {
  const workers = samples.flat().filter((p) => p.role === "worker");
  const last = samples.at(-1) ?? [];
  return {
    workerPeakMB: Math.max(0, ...workers.map((p) => p.mb)),
    primaryMB: Math.max(
      0,
      ...samples
        .flat()
        .filter((p) => p.role === "primary")
        .map((p) => p.mb),
    ),
    workersEndMB: last.filter((p) => p.role === "worker").map((p) => p.mb),
  };
}

async function sampled(pid: number | undefined, run: () => Promise<autocannon.Result>) {
  const samples: { at: number; rss: ProcessRss[] }[] = [];
  const started = Date.now();
  const take = () => samples.push({ at: Date.now() - started, rss: processRss(pid) });
  take();
  const timer = setInterval(take, 1_000);
  let result: autocannon.Result | undefined;
  try {
    result = await run();
  } finally {
    clearInterval(timer);
  }
  take();
  return { samples, result };
}

export async function measureMemory(opts: {
  pid: number | undefined;
  /** Load on one page: the 200-client figure. */
  loadRequest: autocannon.Options;
  /** The soak's mix of pages. */
  soakRequest: autocannon.Options;
  seconds: number;
  soakMinutes: number;
  connections?: number;
}): Promise<MemoryFigures> {
  const connections = opts.connections ?? 200;
  // Idle: started and healthy, nothing asked yet; a few seconds for start-up work to settle.
  await sleep(5_000);
  const idle = phase([processRss(opts.pid)]);
  console.log(`  idle: worker ${idle.workersEndMB.join(", ")} MB, primary ${idle.primaryMB} MB`);

  const load = await sampled(opts.pid, () =>
    autocannon({ ...opts.loadRequest, connections, duration: opts.seconds, timeout: 20 }),
  );
  const loadFig = {
    ...phase(load.samples.map((s) => s.rss)),
    connections,
    seconds: opts.seconds,
    requestsPerSecond: Math.round(load.result?.requests.average ?? 0),
    errors: (load.result?.errors ?? 0) + (load.result?.timeouts ?? 0),
  };
  console.log(
    `  ${connections} clients, ${opts.seconds} s: worker peak ${loadFig.workerPeakMB} MB, primary ${loadFig.primaryMB} MB, ${loadFig.requestsPerSecond} req/s, errors ${loadFig.errors}`,
  );
  if (opts.soakMinutes <= 0) return { idle, load: loadFig };

  const soak = await sampled(opts.pid, () =>
    autocannon({ ...opts.soakRequest, connections, duration: opts.soakMinutes * 60, timeout: 20 }),
  );
  const worst = (from: number, to: number) => {
    const inRange = soak.samples.filter((s) => s.at >= from && s.at < to);
    const peaks = inRange.map((s) =>
      Math.max(0, ...s.rss.filter((p) => p.role === "worker").map((p) => p.mb)),
    );
    return Math.round(peaks.reduce((a, b) => a + b, 0) / Math.max(1, peaks.length));
  };
  const end = opts.soakMinutes * 60_000;
  const soakFig = {
    ...phase(soak.samples.map((s) => s.rss)),
    connections,
    minutes: opts.soakMinutes,
    firstMinuteMB: worst(0, Math.min(60_000, end)),
    lastMinuteMB: worst(Math.max(0, end - 60_000), Number.POSITIVE_INFINITY),
    requestsPerSecond: Math.round(soak.result?.requests.average ?? 0),
    errors: (soak.result?.errors ?? 0) + (soak.result?.timeouts ?? 0),
  };
  console.log(
    `  soak ${opts.soakMinutes} min: worker peak ${soakFig.workerPeakMB} MB, first minute ${soakFig.firstMinuteMB} MB, last minute ${soakFig.lastMinuteMB} MB, end ${soakFig.workersEndMB.join(", ")} MB, ${soakFig.requestsPerSecond} req/s, errors ${soakFig.errors}`,
  );
  return { idle, load: loadFig, soak: soakFig };
}

export function memoryMarkdown(m: MemoryFigures): string {
  const row = (name: string, p: MemoryPhase, extra = "") =>
    `| ${name} | ${p.workerPeakMB} | ${p.workersEndMB.join(", ")} | ${p.primaryMB} | ${p.requestsPerSecond ?? ""} | ${p.errors ?? ""} | ${extra} |`;
  return [
    "Server memory (RSS per Node process; PostgreSQL not counted)",
    "",
    "| phase | worker peak MB | workers at end MB | primary MB | req/s | errors | |",
    "|---|---:|---|---:|---:|---:|---|",
    row("idle", m.idle),
    row(`${m.load.connections} clients on /, ${m.load.seconds} s`, m.load),
    ...(m.soak
      ? [
          row(
            `${m.soak.connections} clients, mixed pages, ${m.soak.minutes} min`,
            m.soak,
            `first minute ${m.soak.firstMinuteMB} MB, last minute ${m.soak.lastMinuteMB} MB`,
          ),
        ]
      : []),
  ].join("\n");
}
