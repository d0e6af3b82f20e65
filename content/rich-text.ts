import katex from "katex";
import { findInlineTokens } from "./inline-tokens.ts";
import { trimEndOf, trimStartOf } from "#base/trim.ts";

/**
 * Our question text format, rendered to HTML once at import time (so phones get no math
 * JavaScript and reads do no rendering): line breaks kept (the container uses
 * white-space: pre-wrap), `inline code`, ```lang fenced blocks```, and $math$ through KaTeX
 * (HTML for the eye, MathML for screen readers). Everything else is escaped.
 */
export function renderRichText(source: string): string {
  const parts: string[] = [];
  const fence = /```([\w+#-]*)[ \t]*\n([\s\S]*?)\n?```/g;
  let last = 0;
  for (const match of source.matchAll(fence)) {
    parts.push(renderInline(trimNewlines(source.slice(last, match.index), "end")));
    const language = match[1] ?? "";
    parts.push(
      `<pre class="code-block"${language ? ` data-lang="${escapeHtml(language)}"` : ""}><code>${escapeHtml(match[2] ?? "")}</code></pre>`,
    );
    last = match.index + match[0].length;
  }
  parts.push(renderInline(trimNewlines(source.slice(last), "start")));
  return parts.join("");
}

function renderInline(text: string): string {
  let html = "";
  let last = 0;
  for (const token of findInlineTokens(text)) {
    html += escapeHtml(text.slice(last, token.start));
    if (token.kind === "code") html += `<code>${escapeHtml(token.body)}</code>`;
    else html += renderMath(token.body);
    last = token.end;
  }
  return html + escapeHtml(text.slice(last));
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

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
