// Compiles the Express host (server/index.ts) to build/host/index.js. Packages stay external:
// they are installed next to the build. Started with plain `node`, no TypeScript loader.
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
