// After the React Router build: compiles the Express host (server/index.ts) to
// build/host/index.js (packages stay external: they are installed next to the build; started
// with plain `node`), and writes brotli and gzip copies of every hashed asset, compressed once
// at maximum quality instead of on every request.
import { createHash } from "node:crypto";
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";

// ON_TAP_BUILD_DIR, as in react-router.config.ts: where this build goes ("build" by default).
const buildDir = process.env.ON_TAP_BUILD_DIR ?? "build";

await build({
  // The host, and the script of the threads that read students' files and texts
  // (content/parse-pool.ts, ADR 0015), which the host starts from build/host/parse-worker.js.
  entryPoints: { index: "server/index.ts", "parse-worker": "content/parse-worker.ts" },
  outdir: `${buildDir}/host`,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
// The threads' CommonJS first step, beside the host that starts them (content/parse-pool.ts
// finds it next to itself).
copyFileSync("content/parse-thread.cjs", `${buildDir}/host/parse-thread.cjs`);

// The offline page's script and stylesheet, then the service worker with this build's precache list
// (app/features/offline/sw.ts): every script and stylesheet of the build (their names carry their hash,
// so no revision), and the few unhashed files with a hash of their content as the revision.
// KaTeX's fonts are not precached: they are fetched on first use or when a practice is
// downloaded, so a visitor who never goes offline does not pay 250 KB for them.
const client = `${buildDir}/client`;
const workerOptions = {
  bundle: true,
  platform: "browser",
  target: "es2022",
  format: "esm",
  minify: true,
  legalComments: "none",
  logLevel: "warning",
  define: { "process.env.NODE_ENV": '"production"' },
};
await build({
  ...workerOptions,
  entryPoints: ["app/features/offline/offline-page.ts"],
  outfile: `${client}/offline.js`,
  // A classic script: public/offline.html runs it in <head>, before the first paint.
  format: "iife",
});
// Its stylesheet: the app's palettes, base, buttons and header, and the page's own rules.
await build({
  ...workerOptions,
  entryPoints: ["app/features/offline/offline-page.css"],
  outfile: `${client}/offline.css`,
});
const assetNames = readdirSync(`${client}/assets`);
const hashOf = (file) => createHash("sha256").update(readFileSync(file)).digest("hex").slice(0, 16);
const precache = [
  ...assetNames
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => ({ url: `/assets/${name}`, revision: null })),
  ...[
    "offline.html",
    "offline.css",
    "offline.js",
    "favicon.svg",
    "manifest.webmanifest",
    "icons/icon-192.png",
  ].map((name) => ({ url: `/${name}`, revision: hashOf(`${client}/${name}`) })),
];
const fonts = assetNames.filter((name) => name.endsWith(".woff2")).map((name) => `/assets/${name}`);
// What the worker precaches, for `npm run bench:weight` (not served: outside build/client).
writeFileSync(`${buildDir}/precache.json`, JSON.stringify({ precache, fonts }, null, 2));
const buildId = createHash("sha256").update(JSON.stringify(precache)).digest("hex").slice(0, 12);
await build({
  ...workerOptions,
  entryPoints: ["app/features/offline/sw.ts"],
  outfile: `${client}/sw.js`,
  // An IIFE, not a module: Safari before 16.4 and older Android WebViews load only classic workers.
  format: "iife",
  define: {
    ...workerOptions.define,
    "self.__WB_MANIFEST": JSON.stringify(precache),
    __BUILD_ID__: JSON.stringify(buildId),
    __FONT_URLS__: JSON.stringify(fonts),
  },
});

const assets = `${client}/assets`;
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
