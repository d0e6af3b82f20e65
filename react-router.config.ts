import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // ON_TAP_BUILD_DIR: a second build beside the first, for the test that replaces a build.
  buildDirectory: process.env.ON_TAP_BUILD_DIR ?? "build",
  ssr: true,
  // Every route in the first page's manifest (about 1 KB compressed): no /__manifest round trip
  // before a navigation, which put one in front of every "Bắt đầu" on a 150 ms link.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
