import { paths } from "#base/paths.ts";
import type { PreviewReply } from "#services/own-practices/preview.ts";

/** What POST /my-practices/preview replies (services/own-practices/preview.ts). */
export type { PreviewReply };

export type PreviewResult =
  { ok: true; reply: PreviewReply } | { ok: false; message: string | null };

/**
 * One request to the preview route; a refusal carries the server's Vietnamese message, a
 * network failure none (the page says so in its own words). An aborted request throws, so a
 * newer one simply replaces it.
 */
export async function requestPreview(form: FormData, signal: AbortSignal): Promise<PreviewResult> {
  let response: Response;
  try {
    response = await fetch(paths.myPracticePreview, { method: "POST", body: form, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    return { ok: false, message: null };
  }
  const body = (await response.json().catch(() => null)) as
    PreviewReply | { code: string; message: string } | null;
  if (response.ok && body && "questions" in body) return { ok: true, reply: body };
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

/**
 * How far down a text area's content an offset sits, lines wrapped as the area wraps them: a
 * hidden copy of the area, with its width, font and wrapping, measures the text before it.
 */
export function offsetTopIn(area: HTMLTextAreaElement, offset: number): number {
  const style = getComputedStyle(area);
  const mirror = document.createElement("div");
  for (const name of [
    "boxSizing",
    "width",
    "paddingTop",
    "paddingRight",
    "paddingBottom",
    "paddingLeft",
    "borderTopWidth",
    "borderRightWidth",
    "borderBottomWidth",
    "borderLeftWidth",
    "fontFamily",
    "fontSize",
    "fontWeight",
    "lineHeight",
    "letterSpacing",
    "whiteSpace",
    "overflowWrap",
    "wordBreak",
    "tabSize",
  ] as const) {
    mirror.style[name] = style[name];
  }
  Object.assign(mirror.style, {
    position: "absolute",
    visibility: "hidden",
    top: "0",
    left: "-9999px",
  });
  mirror.textContent = area.value.slice(0, offset);
  const marker = document.createElement("span");
  marker.textContent = "\u200b";
  mirror.append(marker);
  document.body.append(mirror);
  const top = marker.offsetTop - Number.parseFloat(style.paddingTop);
  mirror.remove();
  return top;
}
