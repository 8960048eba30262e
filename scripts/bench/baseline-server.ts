// The benchmark's yardstick: a bare node:http server answering a fixed small HTML page, so figures can
// be read as a share of what this machine serves with no framework, database or rendering at all.
import http from "node:http";

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title></head><body><h1>Baseline</h1><p>${"Live music in Lagos. ".repeat(20)}</p></body></html>`;
const port = Number(process.env.PORT ?? 3281);

http
  .createServer((_req, res) => {
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-length": Buffer.byteLength(PAGE),
    });
    res.end(PAGE);
  })
  .listen(port, "127.0.0.1", () => process.send?.("ready"));
