import { viOffline } from "#app/i18n/vi/offline.ts";
import { DEFAULT_SETUP, roomUrl } from "#app/lib/room-setup.ts";
import {
  deletePractice,
  listPractices,
  savePractice,
  type DownloadedPractice,
  type OfflineBundle,
} from "#app/lib/device-store.ts";
import { askWorker } from "#app/lib/worker-protocol.ts";
import { checkDownload } from "./download-check.ts";
import { paths } from "#base/paths.ts";
import { pictureUrlsIn } from "#base/pictures.ts";

/**
 * "Tải về để luyện offline" (ADR 0013): the practice's questions go to IndexedDB, its set-up
 * page, that page's data and one room page go to the service worker's page cache (with
 * KaTeX's fonts), and the pictures its questions show to its picture cache, so the set-up
 * page and any room of it open with no network, pictures included.
 */
export type DownloadOutcome =
  { ok: true; practice: DownloadedPractice } | { ok: false; message: string };

/** The room page stored for a practice: one question, under an id no real attempt has. */
const TEMPLATE_IDENTITY = { attemptId: "00000000-0000-4000-8000-000000000000", seed: 1 };

export async function downloadPractice(code: string, userId: string): Promise<DownloadOutcome> {
  const t = viOffline;
  if (!("serviceWorker" in navigator) || !(await navigator.serviceWorker.getRegistration())) {
    return { ok: false, message: t.unsupported };
  }
  // Installed but not yet in control (a first visit on a slow line): wait for it.
  if (!(await controllingWorker())) return { ok: false, message: t.downloadFailed };
  let response: Response;
  try {
    response = await fetch(paths.practiceDownload(code), {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
      cache: "no-store",
    });
  } catch {
    return { ok: false, message: t.downloadFailed };
  }
  const text = await response.text().catch(() => "");
  if (!response.ok) return { ok: false, message: messageOf(text) ?? t.downloadFailed };
  const bundle = JSON.parse(text) as OfflineBundle;
  const first = bundle.questions[0];
  if (!first) return { ok: false, message: t.downloadFailed };
  const pages = [paths.practiceSetup(bundle.code), paths.practiceSetupData(bundle.code)];
  const selection = {
    type: "PRACTICE_TIME_RANGE" as const,
    start: first.idx + 1,
    end: first.idx + 1,
  };
  const roomTemplate = roomUrl(bundle.code, { ...DEFAULT_SETUP, selection }, TEMPLATE_IDENTITY);
  const pictures = picturesOf(bundle);
  const cached = await askWorker({
    type: "CACHE_PRACTICE",
    code: bundle.code,
    pages,
    roomTemplate,
    pictures,
  });
  if (!cached.ok) return { ok: false, message: t.downloadFailed };
  const practice: DownloadedPractice = {
    code: bundle.code,
    userId,
    title: bundle.title,
    subjectName: bundle.subject.name,
    questionCount: bundle.questionCount,
    contentVersion: bundle.contentVersion,
    bytes: new Blob([text]).size + (cached.bytes ?? 0),
    downloadedAt: Date.now(),
    pages,
    roomTemplate,
    pictures,
  };
  try {
    await savePractice(practice, bundle);
  } catch {
    return { ok: false, message: t.downloadFailed };
  }
  return { ok: true, practice };
}

export async function removeDownload(code: string): Promise<void> {
  const removed = await deletePractice(code);
  if (removed) {
    await askWorker(
      { type: "FORGET_PRACTICE", code, pages: removed.pages, pictures: removed.pictures ?? [] },
      10_000,
    );
  }
}

/** Every picture a practice's questions show, wherever in a question (the srcset's variants too). */
function picturesOf(bundle: OfflineBundle): string[] {
  return pictureUrlsIn(
    ...bundle.questions.flatMap((question) => [
      question.textHtml,
      ...question.answers.flatMap((answer) => [answer.html, answer.feedbackHtml]),
      question.explanationHtml,
    ]),
  );
}

/**
 * The downloads checked against the server (on the profile, online; the service worker also
 * drops the gone ones on any signed-in page opened online, sw.ts): one whose practice
 * changed is downloaded again, one the student may no longer open (deleted, its link revoked,
 * hidden) is removed from the device. The content version is the ETag: unchanged costs a 304.
 * Returns the titles removed.
 */
export async function checkDownloads(userId: string): Promise<string[]> {
  const removed: string[] = [];
  for (const practice of await listPractices(userId)) {
    const status = await checkDownload(practice);
    if (status === null) return removed;
    if (status === 200) await downloadPractice(practice.code, userId);
    else if (status === 404) {
      await removeDownload(practice.code);
      removed.push(practice.title);
    }
  }
  return removed;
}

function messageOf(body: string): string | null {
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message;
    return typeof message === "string" && message ? message : null;
  } catch {
    return null;
  }
}

/** The service worker controlling this page, once it does (the first visit installs it). */
async function controllingWorker(timeoutMs = 90_000): Promise<ServiceWorker | null> {
  const container = navigator.serviceWorker;
  if (container.controller) return container.controller;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(container.controller), timeoutMs);
    container.addEventListener("controllerchange", () => {
      clearTimeout(timer);
      resolve(container.controller);
    });
  });
}
