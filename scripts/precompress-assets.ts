// `npm run build` runs this after `react-router build`: a brotli (quality 11) and a gzip (level 9)
// copy beside each script and stylesheet of the client build, which server.ts serves to a browser
// that accepts them. On the fly the server compresses at brotli quality 4 (it must be fast); once,
// ahead of time, quality 11 sends ~12% fewer bytes of JavaScript (issue 14).
// Usage: `BUILD_DIR=build node --import tsx scripts/precompress-assets.ts`
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { isMainModule } from "./is-main-module";

export function precompressAssets(buildDir: string): number {
  const assets = path.resolve(buildDir, "client", "assets");
  let count = 0;
  for (const name of fs.readdirSync(assets)) {
    if (!/\.(js|css)$/.test(name)) continue;
    const raw = fs.readFileSync(path.join(assets, name));
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    fs.writeFileSync(path.join(assets, `${name}.br`), br);
    fs.writeFileSync(path.join(assets, `${name}.gz`), gzipSync(raw, { level: 9 }));
    count++;
  }
  return count;
}

if (isMainModule(import.meta.url)) {
  const buildDir = process.env.BUILD_DIR ?? "build";
  console.log(`precompressed ${precompressAssets(buildDir)} scripts and stylesheets in ${buildDir}`);
}
