import type { OwnPreview, PreviewProblem } from "#content/own-preview.ts";

/** What POST /my-practices/preview answers (server/own-practice-preview.ts). */
export interface PreviewAnswer extends OwnPreview {
  text?: string;
  fileName?: string;
  notes: PreviewProblem[];
}

export type PreviewResult =
  { ok: true; answer: PreviewAnswer } | { ok: false; message: string | null };

export const PREVIEW_URL = "/my-practices/preview";

/**
 * One request to the preview route; a refusal carries the server's Vietnamese message, a
 * network failure none (the page says so in its own words). An aborted request throws, so a
 * newer one simply replaces it.
 */
export async function requestPreview(form: FormData, signal: AbortSignal): Promise<PreviewResult> {
  let response: Response;
  try {
    response = await fetch(PREVIEW_URL, { method: "POST", body: form, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    return { ok: false, message: null };
  }
  const body = (await response.json().catch(() => null)) as
    PreviewAnswer | { code: string; message: string } | null;
  if (response.ok && body && "questions" in body) return { ok: true, answer: body };
  return { ok: false, message: body && "message" in body ? body.message : null };
}

/** The [start, end) offsets of a 1-based line of a text, for the text area's selection. */
export function lineRange(text: string, line: number): [number, number] {
  const lines = text.split("\n");
  const index = Math.min(Math.max(line, 1), lines.length) - 1;
  let start = 0;
  for (let i = 0; i < index; i += 1) start += (lines[i]?.length ?? 0) + 1;
  return [start, start + (lines[index]?.length ?? 0)];
}
