import katex from "katex";
import { escapeHtml } from "#base/escape-html.ts";
import { pictureUrl, type PictureMeta } from "#base/pictures.ts";
import { serverVi } from "#base/i18n/vi-server.ts";
import { FENCED_BLOCK, findInlineTokens, type InlineToken } from "./inline-tokens.ts";
import { trimEndOf, trimStartOf } from "#base/trim.ts";

/**
 * Our question text format, rendered to HTML once at import time (so phones get no math
 * JavaScript and reads do no rendering): line breaks kept (the container uses
 * white-space: pre-wrap), `inline code`, ```lang fenced blocks```, $math$ through KaTeX
 * (HTML for the eye, MathML for screen readers), and pictures `![alt](picture:hash)` as `<img>`
 * with their size, so the page reserves their space. Everything else is escaped.
 */
export type PictureCatalog = ReadonlyMap<string, PictureMeta>;

export function renderRichText(source: string, pictures: PictureCatalog = NO_PICTURES): string {
  const parts: string[] = [];
  let last = 0;
  for (const match of source.matchAll(FENCED_BLOCK)) {
    parts.push(renderInline(trimNewlines(source.slice(last, match.index), "end"), pictures));
    const language = match[1] ?? "";
    parts.push(
      `<pre class="code-block"${language ? ` data-lang="${escapeHtml(language)}"` : ""}><code>${escapeHtml(match[2] ?? "")}</code></pre>`,
    );
    last = match.index + match[0].length;
  }
  parts.push(renderInline(trimNewlines(source.slice(last), "start"), pictures));
  return parts.join("");
}

const NO_PICTURES: PictureCatalog = new Map();

function renderInline(text: string, pictures: PictureCatalog): string {
  let html = "";
  let last = 0;
  for (const token of findInlineTokens(text)) {
    html += escapeHtml(text.slice(last, token.start));
    if (token.kind === "code") html += `<code>${escapeHtml(token.body)}</code>`;
    else if (token.kind === "picture") html += renderPicture(token, pictures);
    else html += renderMath(token.body);
    last = token.end;
  }
  return html + escapeHtml(text.slice(last));
}

/**
 * A picture in place: its size reserves its space (no layout shift), a phone loads the 640-px
 * variant, and the button around it opens it larger (app/features/pictures). A picture the
 * catalogue does not know renders as its alt text; validation reports it as an error first.
 */
function renderPicture(token: InlineToken, pictures: PictureCatalog): string {
  const alt = token.body.trim() || serverVi.pictures.thePicture;
  const picture = pictures.get(token.ref ?? "");
  if (!picture) return `<span class="q-picture-missing">[${escapeHtml(alt)}]</span>`;
  const src = pictureUrl(picture);
  const srcset = picture.hasSmall
    ? ` srcset="${pictureUrl(picture, true)} 640w, ${src} ${picture.width}w" sizes="(max-width: 700px) 100vw, 700px"`
    : "";
  const img = `<img class="q-picture" src="${src}"${srcset} width="${picture.width}" height="${picture.height}" alt="${escapeHtml(alt)}" loading="lazy" decoding="async">`;
  return `<button type="button" class="q-picture-zoom" data-picture-zoom aria-label="${escapeHtml(serverVi.pictures.zoom(alt))}">${img}</button>`;
}

/** Every picture reference of a text outside its code blocks, in order, as the renderer reads them. */
export function findPictureRefs(source: string): { ref: string; alt: string }[] {
  const withoutFences = source.replace(/```[\s\S]*?```/g, "");
  return findInlineTokens(withoutFences)
    .filter((token) => token.kind === "picture")
    .map((token) => ({ ref: token.ref!, alt: token.body }));
}

/**
 * What a formula from a bank file may do: no size above 10 em (`\rule{100000em}{100000em}`
 * would cover the page), at most 1,000 macro expansions (no expansion bomb), and no `\href`,
 * `\url`, `\htmlClass` or other command KaTeX only runs when trusted.
 */
const KATEX_LIMITS = { maxSize: 10, maxExpand: 1000, trust: false } as const;

function renderMath(expression: string): string {
  return katex.renderToString(expression, {
    ...KATEX_LIMITS,
    throwOnError: false,
    strict: "ignore",
    output: "htmlAndMathml",
  });
}

/** The KaTeX problems of a text, for validation: each formula that does not parse. */
export function findMathErrors(source: string): string[] {
  const withoutCode = source.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]+`/g, "");
  const errors: string[] = [];
  for (const token of findInlineTokens(withoutCode)) {
    if (token.kind !== "math") continue;
    try {
      // Only what KaTeX cannot parse shows as red source text; its strict-mode notes (a Vietnamese
      // letter it has no metrics for, inside \text{}) still render and are no problem.
      katex.renderToString(token.body, { ...KATEX_LIMITS, throwOnError: true, strict: "ignore" });
    } catch (error) {
      errors.push(`$${token.body}$: ${(error as Error).message}`);
    }
  }
  return errors;
}

function trimNewlines(text: string, side: "start" | "end"): string {
  return side === "end" ? trimEndOf(text, "\n") : trimStartOf(text, "\n");
}
