import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { ROUTE_MODULE_ERROR_EVENT } from "./app/ui/load-failure-event.ts";

/**
 * React Router reloads the page whenever a route module fails to import (slow 4G, or a deploy
 * replaced the assets). A blind reload drops the user back on the page they were leaving and,
 * offline, on the browser's own error page. Instead we announce the failure with a DOM event
 * and leave the navigation pending; the shell (app/ui/load-failure.tsx) shows a
 * Vietnamese "Tải lại trang" message and decides whether a deploy happened (then it loads the
 * target page once by itself). The build fails loudly if React Router's code changes shape, so
 * an upgrade cannot silently bring the old behaviour back.
 */
function throwOnRouteModuleError(): Plugin {
  const reload = /window\.location\.reload\(\);\s*return new Promise\(\(\) => \{\s*\}\);/;
  return {
    name: "on-tap:throw-on-route-module-error",
    enforce: "pre",
    transform(code, id) {
      if (!id.includes("react-router/dist") || !code.includes("Error loading route module")) {
        return null;
      }
      if (!reload.test(code)) {
        this.error("react-router's loadRouteModule changed shape: update vite.config.ts");
      }
      return {
        code: code.replace(
          reload,
          `window.dispatchEvent(new CustomEvent("${ROUTE_MODULE_ERROR_EVENT}", { detail: error }));
    return new Promise(() => {});`,
        ),
        map: null,
      };
    },
  };
}

/**
 * ON_TAP_BUILD_LABEL names a build on the page (`<html data-build>`), so an operator can tell
 * which build a browser runs, and a test can make a second, different build of the same code
 * (tests/e2e/offline.spec.ts, "a new build takes over").
 */
function labelBuild(label: string | undefined): Plugin | null {
  if (!label) return null;
  const statement = `\ndocument.documentElement.dataset.build = ${JSON.stringify(label.replace(/[^\w.-]/g, ""))};\n`;
  return {
    name: "on-tap:build-label",
    apply: "build",
    transform: (code, id) =>
      id.endsWith("/app/entry.client.tsx") ? { code: code + statement, map: null } : null,
  };
}

/**
 * React Router's package exports offer only its development build (no "production" condition), so
 * the browser got its developer warnings too. The browser bundle takes the production build, the
 * same code with those warnings compiled out. Only the client: on the server, React Router's own
 * packages (@react-router/node and the like) import "react-router" from Node, and one copy of
 * its contexts must serve them all.
 */
function productionReactRouter(): Plugin {
  return {
    name: "on-tap:production-react-router",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(id, importer) {
      if (id !== "react-router" && id !== "react-router/dom") return null;
      const resolved = await this.resolve(id, importer, { skipSelf: true });
      if (!resolved?.id.includes("/react-router/dist/development/")) {
        this.error(`react-router's builds moved (${resolved?.id}): update vite.config.ts`);
      }
      return { ...resolved, id: resolved.id.replace("/dist/development/", "/dist/production/") };
    },
  };
}

export default defineConfig({
  plugins: [
    throwOnRouteModuleError(),
    productionReactRouter(),
    reactRouter(),
    labelBuild(process.env.ON_TAP_BUILD_LABEL),
  ],
  optimizeDeps: {
    exclude: ["better-sqlite3", "pg", "kysely"],
  },
  ssr: {
    external: ["better-sqlite3", "pg"],
  },
});
