import { open, rm, stat } from "node:fs/promises";

/** Longer than any avatar change holds it: a lock this old was left by a process that died. */
const STALE_MS = 30_000;
/** How long a second change waits for the first before it fails. */
const WAIT_MS = 15_000;

/**
 * Runs `task` while holding the lock file `file`, across processes (the workers of
 * WEB_CONCURRENCY, or instances sharing DATA_DIR): the file is created with O_EXCL, which only
 * one process can do, and removed afterwards. A lock older than STALE_MS is taken over.
 */
export async function withFileLock<T>(file: string, task: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    try {
      await (await open(file, "wx")).close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const since = await stat(file).then(
      (info) => Date.now() - info.mtimeMs,
      () => 0,
    );
    if (since > STALE_MS) await rm(file, { force: true });
    else if (Date.now() > deadline) throw new Error(`${file} is held for too long`);
    else await new Promise((resolve) => setTimeout(resolve, 20));
  }
  try {
    return await task();
  } finally {
    await rm(file, { force: true });
  }
}
