// Starts the production build on a fresh database for the browser tests.
import { rmSync } from "node:fs";

rmSync("tests/.tmp/e2e", { recursive: true, force: true });
await import("../../build/host/index.js");
