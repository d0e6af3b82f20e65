import type { ServerBuild } from "react-router";
import { createAuth } from "#server/auth.ts";
import { createLogger } from "#server/logger.ts";
import type { TestServer } from "#tests/support/test-server.ts";

/**
 * Every route the running app answers, read from the app itself rather than written down: the
 * Express routes (health, avatars…), the React Router route table of the server build (a GET
 * for each loader or page, a POST for each action) and better-auth's endpoints under /api/auth.
 * The fuzz and authorization tests key their entries on `key`, so a route added to any of the
 * three without an entry fails them.
 */
export interface AppRoute {
  /** "POST /practice-review/:practiceCode", "GET /api/auth/list-sessions". */
  key: string;
  method: "GET" | "POST";
  /** The path pattern: `:name` a parameter, `*` or `{*name}` the rest of the path. */
  pattern: string;
  source: "express" | "react-router" | "better-auth";
  /** better-auth's schema of the body or query, when it declares one (their keys are fuzzed). */
  bodyKeys?: string[];
  queryKeys?: string[];
}

/** What Express mounts in front of React Router and better-auth (they are listed on their own). */
const MOUNTS = new Set(["/api/auth/{*splat}", "/{*splat}"]);

interface ExpressLayer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: ExpressLayer[] };
}

function expressRoutes(server: Pick<TestServer, "app">): AppRoute[] {
  const routes: AppRoute[] = [];
  const walk = (stack: ExpressLayer[]) => {
    for (const layer of stack) {
      if (layer.handle.stack) walk(layer.handle.stack);
      const route = layer.route;
      if (!route || MOUNTS.has(route.path)) continue;
      // app.all lists every verb; a GET stands for them, as nothing there reads a body.
      const method = route.methods.post && !route.methods.get ? "POST" : "GET";
      routes.push({
        key: `${method} ${route.path}`,
        method,
        pattern: route.path,
        source: "express",
      });
    }
  };
  walk((server.app as unknown as { router: { stack: ExpressLayer[] } }).router.stack);
  return routes;
}

function reactRouterRoutes(build: ServerBuild): AppRoute[] {
  const routes: AppRoute[] = [];
  const pathOf = (id: string): string => {
    const route = build.routes[id]!;
    const parent = route.parentId ? pathOf(route.parentId) : "";
    const own = route.path ?? "";
    return own ? `${parent.replace(/\/$/, "")}/${own}` : parent || "/";
  };
  for (const [id, route] of Object.entries(build.routes)) {
    if (id === "root" || !route) continue;
    const pattern = pathOf(id);
    const module = route.module as { loader?: unknown; action?: unknown; default?: unknown };
    if (module.loader || module.default) {
      routes.push({ key: `GET ${pattern}`, method: "GET", pattern, source: "react-router" });
    }
    if (module.action) {
      routes.push({ key: `POST ${pattern}`, method: "POST", pattern, source: "react-router" });
    }
  }
  return routes;
}

interface AuthEndpoint {
  path?: string;
  options?: {
    method?: string | string[];
    body?: { shape?: Record<string, unknown> };
    query?: { shape?: Record<string, unknown> };
  };
}

function betterAuthRoutes(server: Pick<TestServer, "env" | "database">): AppRoute[] {
  // An instance configured like the server's lists the same endpoints (the plugins follow env).
  const auth = createAuth({
    env: server.env,
    db: server.database.db,
    dialect: server.database.dialect,
    logger: createLogger("silent"),
  });
  const routes: AppRoute[] = [];
  for (const endpoint of Object.values(auth.api) as AuthEndpoint[]) {
    // Endpoints without a path are server-only: no request reaches them.
    if (!endpoint.path) continue;
    const declared = endpoint.options?.method ?? "GET";
    const methods = (Array.isArray(declared) ? declared : [declared]).filter(
      (method): method is "GET" | "POST" => method === "GET" || method === "POST",
    );
    const pattern = `/api/auth${endpoint.path}`;
    for (const method of methods) {
      routes.push({
        key: `${method} ${pattern}`,
        method,
        pattern,
        source: "better-auth",
        bodyKeys: Object.keys(endpoint.options?.body?.shape ?? {}),
        queryKeys: Object.keys(endpoint.options?.query?.shape ?? {}),
      });
    }
  }
  return routes;
}

export function listAppRoutes(server: Pick<TestServer, "app" | "build" | "env" | "database">) {
  return [
    ...expressRoutes(server),
    ...reactRouterRoutes(server.build),
    ...betterAuthRoutes(server),
  ];
}
