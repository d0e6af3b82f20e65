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
 * app/: `features/<name>/` holds one feature (its components, hooks and client helpers) and may
 * import `ui/`, `lib/` and itself, never a sibling feature; `ui/` holds generic pieces and
 * `lib/` the app's shared helpers (neither imports a feature); `layout/` (header, footer) and
 * the routes compose features.
 */
const featuresDir = `${root}app/features`;
const featureFolders = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureZones = [
  ...featureFolders.map((feature) => ({
    target: `./app/features/${feature}`,
    from: "./app/features",
    except: [`./${feature}`],
    message:
      "A feature imports app/ui/, app/lib/ and itself, never a sibling feature: move what both need to app/ui/ or app/lib/, or compose them in a route (docs/architecture.md).",
  })),
  ...["ui", "lib"].map((shared) => ({
    target: `./app/${shared}`,
    from: ["./app/features", "./app/layout", "./app/routes"],
    message: `app/${shared}/ is shared by every feature: it imports no feature, layout or route (docs/architecture.md).`,
  })),
];

export const layerZones = [...layerBoundaries, ...featureZones];
