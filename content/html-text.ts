import { decodeHTML, escapeText } from "entities";
import sanitizeHtml from "sanitize-html";
import { trimEndOf, trimStartOf } from "#base/trim.ts";

/**
 * An editor's HTML as our text format: what Moodle XML and GIFT (its [html] text) hold. Apart
 * from the Moodle parser, since two importers use it.
 */

/**
 * One warning per image dropped (one whose address is not a stored picture's `picture:REF`);
 * `name` is its file name or address when it has one.
 */
export function imageWarning(name: string): string {
  const which = name === "" ? "Ảnh nhúng" : `Ảnh “${name}”`;
  return `${which} chưa được hỗ trợ nên đã bị bỏ khỏi câu hỏi`;
}

const PRE_BLOCK = /<pre\b([^>]*)>([\s\S]*?)<\/pre\s*>/giu;
const BLOCK_TAG = /<\/?(?:p|div|li|ul|ol|h[1-6]|tr|table|blockquote)\b[^>]*>/giu;

/**
 * What our text format can carry of an editor's HTML: the structure that becomes line breaks,
 * fences and backticks, and pictures already stored (`<img src="picture:REF">`, issue 26).
 * sanitize-html drops everything else (scripts and styles with their content, comments, other
 * images' addresses, attributes but a code block's language class and a picture's alt) and
 * leaves well-formed markup for the small conversion below.
 */
const STRUCTURE: sanitizeHtml.IOptions = {
  allowedTags: ["br", "p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6"].concat([
    "tr",
    "table",
    "blockquote",
    "pre",
    "code",
    "img",
  ]),
  allowedAttributes: { pre: ["class"], code: ["class"], img: ["src", "alt"] },
  allowedSchemesByTag: { img: ["picture"] },
};

/**
 * Editors' HTML to our text: <br> and block ends become line breaks, <pre> becomes a fenced
 * block (language from a "language-…" class), <code> becomes `code`, a stored picture
 * (`<img src="picture:REF" alt="…">`) becomes `![alt](picture:REF)` where it stood, other tags
 * go, entities are decoded. Other images are dropped here; callers warn about them (htmlMedia
 * in formats/moodle-media.ts).
 */
export function htmlToText(source: string): string {
  // A non-breaking space is content (an empty paragraph is a blank line): kept as an entity,
  // it survives the collapsing of white space below.
  const html = sanitizeHtml(source, STRUCTURE).replaceAll("\u00a0", "&nbsp;");
  const parts: string[] = [];
  let last = 0;
  for (const match of html.matchAll(PRE_BLOCK)) {
    parts.push(flowToText(html.slice(last, match.index)));
    parts.push(preToFence(match[0], match[2] ?? ""));
    last = match.index + match[0].length;
  }
  parts.push(flowToText(html.slice(last)));
  return parts.filter((part) => part !== "").join("\n");
}

function flowToText(html: string): string {
  const text = html
    // First, so an image dropped leaves one space, as sanitize-html dropping it did.
    .replace(/<img\b[^<>]*>/giu, pictureToken)
    .replace(/\s+/gu, " ")
    .replace(/<code\b[^>]*>([\s\S]*?)<\/code\s*>/giu, (_, code: string) => `\`${stripTags(code)}\``)
    .replace(/<br\s*\/?>/giu, "\n")
    .replace(/<li\b[^>]*>/giu, "\uE000- ")
    .replace(BLOCK_TAG, "\uE000")
    // Adjacent block edges ("</p><p>") make one line break, not a blank line.
    .replace(/[ \n\uE000]+/gu, (run) => (run.includes("\uE000") ? "\n" : run));
  const lines = decodeEntities(stripTags(text))
    .split("\n")
    .map((line) => line.trim())
    .join("\n");
  return trimEndOf(trimStartOf(lines, "\n"), "\n").replace(/\n{3,}/gu, "\n\n");
}

const PICTURE_SOURCE = /\bsrc="picture:([A-Za-z0-9._-]{1,100})"/iu;
const ALT = /\balt="([^"]*)"/iu;
/** What inline-tokens.ts reads as a picture's alt text: at most 300 characters. */
const ALT_MAX = 300;

/**
 * A sanitized <img> as our picture token, or nothing when its address is not a stored picture's.
 * Its alt text loses "[", "]" and line breaks (the token's syntax) and stays entity-encoded here,
 * as the text around it is, until flowToText decodes the whole line.
 */
function pictureToken(tag: string): string {
  const ref = PICTURE_SOURCE.exec(tag)?.[1];
  if (ref === undefined) return "";
  const alt = decodeHTML(ALT.exec(tag)?.[1] ?? "")
    .replace(/[[\]]/gu, "")
    .replace(/\s+/gu, " ")
    .trim()
    .slice(0, ALT_MAX);
  return `![${escapeText(alt)}](picture:${ref})`;
}

function preToFence(pre: string, inner: string): string {
  const language =
    /<(?:pre|code)\b[^>]*\bclass="[^"]*\b(?:language|lang)-([\w+#-]+)/iu.exec(pre)?.[1] ?? "";
  const code = trimStartOf(
    decodeEntities(stripTags(inner.replace(/<br\s*\/?>/giu, "\n"))),
    "\n",
  ).trimEnd();
  return `\`\`\`${language.toLowerCase()}\n${code}\n\`\`\``;
}

/** Only the STRUCTURE tags are left by now, so a simple pattern removes them exactly. */
function stripTags(html: string): string {
  // By hand: /<[^>]*>/g searches to the end again from every "<" that has no ">" after it.
  let text = "";
  let at = 0;
  for (;;) {
    const open = html.indexOf("<", at);
    const close = open < 0 ? -1 : html.indexOf(">", open);
    if (close < 0) return text + html.slice(at);
    text += html.slice(at, open);
    at = close + 1;
  }
}

/** HTML's entities (the whole HTML5 table, through `entities`); a non-breaking space is a space. */
function decodeEntities(text: string): string {
  return decodeHTML(text).replaceAll("\u00a0", " ").replaceAll("\u00ad", "");
}
