import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { QuestionView } from "#db/catalogue.ts";
import type { AnySubmission } from "#services/attempts/save-attempt.ts";
import { OFFLINE_DB } from "./worker-protocol.ts";

/**
 * What this device keeps for offline use (ADR 0013), in one IndexedDB database shared by the
 * pages and the service worker: downloaded practices, and finished attempts waiting for the
 * network (the outbox). Everything here belongs to the signed-in student and is deleted at
 * sign-out (forgetDevice).
 */

/** A practice as GET /practice-review/:code/offline sends it: all its live questions. */
export interface OfflineBundle {
  code: string;
  title: string;
  subject: { code: string; name: string };
  chapters: { idx: number; title: string }[];
  questionCount: number;
  contentVersion: number;
  questions: readonly QuestionView[];
}

export interface DownloadedPractice {
  code: string;
  userId: string;
  title: string;
  subjectName: string;
  questionCount: number;
  contentVersion: number;
  /** Bytes on the device: the questions, the cached pages and the pictures. */
  bytes: number;
  downloadedAt: number;
  /** The same-origin addresses cached for it (set-up page, its data, the room's page). */
  pages: string[];
  /** A room address of this practice, kept as the page any of its rooms opens from offline. */
  roomTemplate: string;
  /** The addresses of the pictures its questions show, cached with it (absent: none). */
  pictures?: string[];
}

type OutboxState = "pending" | "refused" | "signedOut";

export interface QueuedAttempt {
  id: string;
  userId: string;
  submission: AnySubmission;
  title: string;
  label: string;
  numberOfRight: number;
  questionCount: number;
  totalTime: number;
  finishedAt: number;
  state: OutboxState;
  /** The server's Vietnamese reason, for a refused attempt. */
  message?: string;
}

interface OfflineSchema extends DBSchema {
  practices: { key: string; value: DownloadedPractice };
  bundles: { key: string; value: OfflineBundle };
  outbox: { key: string; value: QueuedAttempt };
}

let opened: Promise<IDBPDatabase<OfflineSchema>> | null = null;

function offlineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opened ??= openDB<OfflineSchema>(OFFLINE_DB, 1, {
    upgrade(db) {
      db.createObjectStore("practices", { keyPath: "code" });
      db.createObjectStore("bundles", { keyPath: "code" });
      db.createObjectStore("outbox", { keyPath: "id" });
    },
    // Another tab deletes the database at sign-out: let it, and open afresh next time.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opened = null;
    },
  });
  return opened;
}

export async function savePractice(practice: DownloadedPractice, bundle: OfflineBundle) {
  const db = await offlineDb();
  const tx = db.transaction(["practices", "bundles"], "readwrite");
  await Promise.all([
    tx.objectStore("practices").put(practice),
    tx.objectStore("bundles").put(bundle),
    tx.done,
  ]);
}

/** The practices `userId` downloaded on this device (null: whoever's they are), newest first. */
export async function listPractices(userId: string | null): Promise<DownloadedPractice[]> {
  const all = await (await offlineDb()).getAll("practices");
  return all
    .filter((p) => userId === null || p.userId === userId)
    .sort((a, b) => b.downloadedAt - a.downloadedAt);
}

export async function readPractice(code: string): Promise<DownloadedPractice | undefined> {
  return (await offlineDb()).get("practices", code);
}

export async function readBundle(code: string): Promise<OfflineBundle | undefined> {
  return (await offlineDb()).get("bundles", code);
}

export async function deletePractice(code: string): Promise<DownloadedPractice | undefined> {
  const db = await offlineDb();
  const practice = await db.get("practices", code);
  const tx = db.transaction(["practices", "bundles"], "readwrite");
  await Promise.all([
    tx.objectStore("practices").delete(code),
    tx.objectStore("bundles").delete(code),
    tx.done,
  ]);
  return practice;
}

/** Sign-out: nothing of the student stays on the device. */
export async function deleteEverything(): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(["practices", "bundles", "outbox"], "readwrite");
  await Promise.all([
    tx.objectStore("practices").clear(),
    tx.objectStore("bundles").clear(),
    tx.objectStore("outbox").clear(),
    tx.done,
  ]);
}

export async function queueAttempt(attempt: QueuedAttempt): Promise<void> {
  const db = await offlineDb();
  // Queued once: a second finish of the same room (a refresh) keeps the first entry.
  if (await db.get("outbox", attempt.id)) return;
  await db.put("outbox", attempt);
}

export async function listOutbox(userId?: string): Promise<QueuedAttempt[]> {
  const all = await (await offlineDb()).getAll("outbox");
  return all
    .filter((a) => userId === undefined || a.userId === userId)
    .sort((a, b) => b.finishedAt - a.finishedAt);
}

export async function updateOutbox(id: string, change: Partial<QueuedAttempt>): Promise<void> {
  const db = await offlineDb();
  const entry = await db.get("outbox", id);
  if (entry) await db.put("outbox", { ...entry, ...change });
}

/** "Bỏ bài này": only the owner's own entry goes. */
export async function dismissFromOutbox(id: string, owner: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction("outbox", "readwrite");
  const entry = await tx.store.get(id);
  if (entry?.userId === owner) await tx.store.delete(id);
  await tx.done;
}

export async function removeFromOutbox(id: string): Promise<void> {
  await (await offlineDb()).delete("outbox", id);
}
