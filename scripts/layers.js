// The house's import rules, as zones of import-x/no-restricted-paths (eslint.config.js uses
// them; tests/lint/layers.test.ts proves each one fails a wrong import). A zone forbids files
// under `target` to import anything under `from`, except the paths listed in `except`.
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

const layers = {
  base: "the shared base imports nothing of ours",
  engine: "the engine is pure: it imports only base/",
  db: "db/ reads and writes: it imports engine/ and base/ only",
  content: "content/ reads question banks: it imports db/, engine/ and base/",
  services:
    "services/ is what the app does, above db/ and content/: it never imports the host (server/) or app/",
  server: "server/ is the host: it never imports app/",
};

/** What each layer may not import, highest layer first. */
const forbidden = {
  base: ["engine", "db", "content", "services", "server", "app"],
  engine: ["db", "content", "services", "server", "app"],
  db: ["content", "services", "server", "app"],
  // The importer's command line reads its configuration like every entry point: server/env.ts.
  content: ["services", ["server", ["./env.ts"]], "app"],
  services: ["server", "app"],
  server: ["app"],
};

const layerBoundaries = Object.entries(forbidden).flatMap(([layer, above]) =>
  above.map((entry) => {
    const [from, except = []] = Array.isArray(entry) ? entry : [entry];
    return {
      target: `./${layer}`,
      from: `./${from}`,
      except,
      message: `${layers[layer]} (docs/architecture.md).`,
    };
  }),
);

/**
 * app/components: `ui/` holds generic pieces (no feature imports them into each other);
 * `layout/` (header, footer) composes features; every other folder is a feature that may import
 * `ui/` and itself only. Routes compose features freely.
 */
const componentsDir = `${root}app/components`;
const featureFolders = readdirSync(componentsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== "layout")
  .map((entry) => entry.name);

const featureZones = featureFolders.map((feature) => ({
  target: `./app/components/${feature}`,
  from: "./app/components",
  except: feature === "ui" ? ["./ui"] : [`./${feature}`, "./ui"],
  message:
    feature === "ui"
      ? "components/ui/ is generic: it imports no feature."
      : "A feature imports components/ui/ and itself, never a sibling feature: move what both need to ui/ or app/utils/.",
}));

export const layerZones = [...layerBoundaries, ...featureZones];
