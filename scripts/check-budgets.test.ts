import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { type BrowserManifest, initialAssets, matchedRouteIds, measurePages } from "./check-budgets";

const manifest: BrowserManifest = {
  url: "/assets/manifest-1.js",
  entry: { module: "/assets/entry.js", imports: ["/assets/react.js"] },
  routes: {
    root: {
      id: "root",
      path: "",
      module: "/assets/root.js",
      imports: ["/assets/react.js"],
      css: ["/assets/root.css"],
    },
    "routes/site": { id: "routes/site", parentId: "root", module: "/assets/site.js", imports: [] },
    "routes/home": { id: "routes/home", parentId: "routes/site", index: true, module: "/assets/home.js" },
    "routes/profile": {
      id: "routes/profile",
      parentId: "routes/site",
      path: "musicians/:slug",
      module: "/assets/profile.js",
      imports: ["/assets/dialog.js"],
    },
    "routes/dash": {
      id: "routes/dash",
      parentId: "root",
      module: "/assets/dash.js",
      imports: ["/assets/big.js"],
    },
    "routes/dash-page": {
      id: "routes/dash-page",
      parentId: "routes/dash",
      path: "musician_dashboard",
      module: "/assets/d.js",
    },
  },
};

describe("check-budgets", () => {
  it("matches a URL to its route chain, layouts included", () => {
    expect(matchedRouteIds(manifest, "/")).toEqual(["root", "routes/site", "routes/home"]);
    expect(matchedRouteIds(manifest, "/musicians/ada")).toEqual(["root", "routes/site", "routes/profile"]);
  });

  it("counts the entry, and each matched route's module, imports and CSS once", () => {
    expect(initialAssets(manifest, "/musicians/ada", true).js).toContain("/assets/manifest-1.js");
    const { js, css } = initialAssets(manifest, "/musicians/ada", false);
    expect(js.sort()).toEqual(
      [
        "/assets/entry.js",
        "/assets/react.js",
        "/assets/root.js",
        "/assets/site.js",
        "/assets/profile.js",
        "/assets/dialog.js",
      ].sort(),
    );
    expect(css).toEqual(["/assets/root.css"]);
    expect(js).not.toContain("/assets/big.js");
  });

  it("sums gzip sizes from the build directory and flags a page over budget", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "budgets-"));
    const assets = path.join(dir, "client", "assets");
    fs.mkdirSync(assets, { recursive: true });
    fs.writeFileSync(
      path.join(assets, "manifest-1.js"),
      `window.__reactRouterManifest=${JSON.stringify(manifest)};`,
    );
    for (const f of ["entry.js", "react.js", "root.js", "site.js", "home.js", "profile.js", "d.js", "big.js"])
      fs.writeFileSync(path.join(assets, f), "export{};");
    fs.writeFileSync(path.join(assets, "dialog.js"), randomBytes(200_000));
    fs.writeFileSync(path.join(assets, "root.css"), "body{color:red}");
    const [home, profile] = measurePages(dir, ["/", "/musicians/ada"]);
    expect(home.jsOver).toBe(false);
    expect(profile.jsOver).toBe(true);
    expect(profile.jsGzipBytes - home.jsGzipBytes).toBe(
      gzipSync(fs.readFileSync(path.join(assets, "dialog.js"))).length +
        gzipSync(fs.readFileSync(path.join(assets, "profile.js"))).length -
        gzipSync(fs.readFileSync(path.join(assets, "home.js"))).length,
    );
    expect(home.cssGzipBytes).toBe(gzipSync(Buffer.from("body{color:red}")).length);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
