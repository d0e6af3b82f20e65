/**
 * What the pages' offline pieces (app/features/offline) load when they need the device's
 * storage: one module, only ever imported lazily, so the storage code stays out of every
 * page's first load (and the bundler needs no helper to build a namespace of a shared module).
 */
export { checkDownloads, downloadPractice, removeDownload } from "./downloads.ts";
export {
  dismissFromOutbox,
  listOutbox,
  listPractices,
  readPractice,
} from "#app/lib/device-store.ts";
export { flushOutbox } from "#app/lib/outbox.ts";
