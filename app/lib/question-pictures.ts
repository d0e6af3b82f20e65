import { preload } from "react-dom";
/**
 * Pictures in a question's HTML as it is shown (issue 26). The renderer (content/rich-text.ts)
 * writes each picture as
 *   <button type="button" class="q-picture-zoom" data-picture-zoom aria-label="…"><img …></button>
 * and escapes everything a student typed, so these few exact strings are only ever ours. The
 * screens that show questions (the room, the summary and the replay, the set-up page's preview,
 * the editor's preview) lay pictures out with these helpers; the same HTML gives the same result
 * on the server and in the browser, so hydration sees no difference.
 */

const ZOOM_CLASS = 'class="q-picture-zoom"';
/** A picture's button, whatever class placePictures added. */
const BUTTON_OPEN = '<button type="button" class="q-picture-zoom';
const BUTTON_CLOSE = "</button>";

/**
 * Marks each picture that stands alone on its line (nothing but spaces between it and the line
 * breaks, or a code block, around it) with `q-picture-alone`, which centres it; a picture inside
 * a sentence stays inline.
 */
export function placePictures(html: string): string {
  if (!html.includes(BUTTON_OPEN)) return html;
  let out = "";
  let from = 0;
  for (;;) {
    const start = html.indexOf(BUTTON_OPEN, from);
    if (start < 0) break;
    const close = html.indexOf(BUTTON_CLOSE, start);
    if (close < 0) break;
    const end = close + BUTTON_CLOSE.length;
    const alone = startsLine(html, start) && endsLine(html, end);
    out += html.slice(from, start);
    out += alone
      ? html.slice(start, end).replace(ZOOM_CLASS, 'class="q-picture-zoom q-picture-alone"')
      : html.slice(start, end);
    from = end;
  }
  return out + html.slice(from);
}

function startsLine(html: string, at: number): boolean {
  const before = html.slice(html.lastIndexOf("\n", at - 1) + 1, at);
  return before.trim() === "" || before.endsWith("</pre>");
}

function endsLine(html: string, at: number): boolean {
  const lineEnd = html.indexOf("\n", at);
  const after = html.slice(at, lineEnd < 0 ? html.length : lineEnd);
  return after.trim() === "" || after.startsWith('<pre class="code-block"');
}

/**
 * An answer's HTML for inside the answer's own button, where a button may not nest: each
 * picture's zoom button becomes a plain span (a tap on the picture picks the answer), and the
 * count says how many zoom buttons the answer needs beside it.
 */
export function inertPictures(html: string): { html: string; count: number } {
  if (!html.includes(BUTTON_OPEN)) return { html, count: 0 };
  let out = "";
  let from = 0;
  let count = 0;
  for (;;) {
    const start = html.indexOf(BUTTON_OPEN, from);
    if (start < 0) break;
    const tagEnd = html.indexOf(">", start);
    const close = html.indexOf(BUTTON_CLOSE, tagEnd);
    if (tagEnd < 0 || close < 0) break;
    // The class list as placePictures left it: from `class="` to its closing quote.
    const classStart = html.indexOf('class="', start);
    const classList = html.slice(classStart, html.indexOf('"', classStart + 7) + 1);
    out += `${html.slice(from, start)}<span ${classList}>${html.slice(tagEnd + 1, close)}</span>`;
    from = close + BUTTON_CLOSE.length;
    count += 1;
  }
  return { html: out + html.slice(from), count };
}

/** Whether an answer shows nothing but one or more pictures (the answers then sit in a grid). */
export function isPictureOnly(html: string): boolean {
  if (!html.includes(BUTTON_OPEN)) return false;
  let rest = html;
  for (;;) {
    const start = rest.indexOf(BUTTON_OPEN);
    if (start < 0) return rest.trim() === "";
    if (rest.slice(0, start).trim() !== "") return false;
    const close = rest.indexOf(BUTTON_CLOSE, start);
    if (close < 0) return false;
    rest = rest.slice(close + BUTTON_CLOSE.length);
  }
}

/** Whether every answer of a question is only a picture: the class its answer list then takes. */
export function pictureAnswersClass(answers: readonly { html: string }[]): string {
  return answers.length > 0 && answers.every((answer) => isPictureOnly(answer.html))
    ? " answer-pictures"
    : "";
}

/**
 * A question on screen from the first paint (the sequence room's current one, a sheet's first):
 * its pictures are fetched at once and first, not when the browser gets to laying them out —
 * on a slow phone a lazy picture at the top was the page's largest paint, 0.4 s later.
 */
export function eagerPictures(html: string): string {
  preloadPictures(html);
  return html.replaceAll(' loading="lazy"', ' loading="eager" fetchpriority="high"');
}

// Our own renderer's markup (content/rich-text.ts), never a user's: src, then maybe srcset/sizes.
const PICTURE_SOURCES =
  /<img class="q-picture" src="([^"]+)"(?: srcset="([^"]+)" sizes="([^"]+)")?/g;

/**
 * Asks for those pictures from the page's head (React's preload, first among the hints), so a
 * slow phone starts them with the HTML's first bytes, ahead of the room's scripts: an `<img>`
 * deep in the body was only asked for after 19 module preloads had taken the six connections.
 */
function preloadPictures(html: string): void {
  for (const [, src, srcset, sizes] of html.matchAll(PICTURE_SOURCES)) {
    if (!src) continue;
    preload(src, {
      as: "image",
      fetchPriority: "high",
      ...(srcset ? { imageSrcSet: srcset, imageSizes: sizes } : {}),
    });
  }
}
