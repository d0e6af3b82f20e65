import type { QuestionView } from "#db/catalogue.ts";

/**
 * The browser's copy of question lists: keyed by the
 * request URL, which names the practice, the selection and the practice's content version, so a
 * changed practice is never served stale. Bounded: at most MAX_ENTRIES lists, none older than
 * MAX_AGE_MS, the oldest evicted first. A failed or empty load is never stored. When the
 * browser's storage fails (plain-http address, private mode, quota) it logs and goes on from
 * the network, as the spec's messages say.
 */
const CACHE_NAME = "on-tap-questions-v1";
const INDEX_KEY = "on-tap:question-cache-index";
const MAX_ENTRIES = 30;
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface QuestionList {
  contentVersion: number;
  questions: QuestionView[];
}

type Index = { url: string; savedAt: number }[];

function readIndex(): Index {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(INDEX_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as Index) : [];
  } catch {
    return [];
  }
}

export async function loadQuestionList(url: string, now = Date.now()): Promise<QuestionList> {
  const cached = await readCached(url, now);
  if (cached) return cached;
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`questions: HTTP ${response.status}`);
  const list = (await response.json()) as QuestionList;
  if (list.questions.length > 0) await saveCached(url, list, now);
  return list;
}

async function readCached(url: string, now: number): Promise<QuestionList | null> {
  try {
    const entry = readIndex().find((item) => item.url === url);
    if (!entry || now - entry.savedAt > MAX_AGE_MS) return null;
    const cache = await caches.open(CACHE_NAME);
    const response = await cache.match(url);
    if (!response) return null;
    const list = (await response.json()) as QuestionList;
    return list.questions.length > 0 ? list : null;
  } catch {
    console.warn("Cannot get questions from cache storage");
    return null;
  }
}

async function saveCached(url: string, list: QuestionList, now: number): Promise<void> {
  try {
    const cache = await caches.open(CACHE_NAME);
    await cache.put(
      url,
      new Response(JSON.stringify(list), { headers: { "Content-Type": "application/json" } }),
    );
    const fresh = readIndex().filter(
      (item) => item.url !== url && now - item.savedAt <= MAX_AGE_MS,
    );
    fresh.push({ url, savedAt: now });
    fresh.sort((a, b) => a.savedAt - b.savedAt);
    const evicted = fresh.splice(0, Math.max(0, fresh.length - MAX_ENTRIES));
    await Promise.all(evicted.map((item) => cache.delete(item.url)));
    localStorage.setItem(INDEX_KEY, JSON.stringify(fresh));
  } catch {
    console.warn("Cannot save questions to cache storage");
  }
}
