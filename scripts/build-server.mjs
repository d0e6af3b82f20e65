// After the React Router build: compiles the Express host (server/index.ts) to
// build/host/index.js (packages stay external: they are installed next to the build; started
// with plain `node`), and writes brotli and gzip copies of every hashed asset, compressed once
// at maximum quality instead of on every request.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts"],
  outfile: "build/host/index.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

const assets = "build/client/assets";
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(assets, name);
  const body = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
}
