import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** One `node build/host/index.js`, as production runs it. */
export interface AppProcess {
  name: string;
  port: number;
  base: string;
  process: ChildProcess;
  /** Everything it printed so far. */
  output: string[];
  /** Resolves when it exited; kill -9 with `kill()`. */
  exited: Promise<void>;
  kill(): Promise<void>;
}

/**
 * Starts the production server with exactly this environment (and PATH); resolves once it
 * listens. `entry`: another build's host (a second build, made with ON_TAP_BUILD_DIR).
 */
export function startAppProcess(
  name: string,
  env: Record<string, string>,
  entry = "build/host/index.js",
): Promise<AppProcess> {
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { PATH: process.env.PATH, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start:\n${output.join("")}`)),
      90_000,
    );
    const read = (chunk: Buffer) => {
      output.push(chunk.toString());
      const port = /is listening on http:\/\/localhost:(\d+)/.exec(output.join(""))?.[1];
      if (!port) return;
      clearTimeout(timer);
      child.stdout!.off("data", read);
      child.stdout!.on("data", (more: Buffer) => output.push(more.toString()));
      resolve({
        name,
        port: Number(port),
        base: `http://127.0.0.1:${port}`,
        process: child,
        output,
        exited,
        async kill() {
          child.kill("SIGKILL");
          await exited;
        },
      });
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${name} exited before listening:\n${output.join("")}`));
    });
  });
}
