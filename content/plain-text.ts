import { serverVi } from "#base/i18n/vi-server.ts";
import { FENCED_BLOCK, findInlineTokens } from "./inline-tokens.ts";

/**
 * Our text format (content/rich-text.ts) as plain text, for where nothing renders it: a
 * spreadsheet's cell in the CSV export. Code keeps its content without backticks or fences, a
 * formula its LaTeX without the dollars (the only plain form it has), a picture becomes its alt
 * text in brackets ("[Hình: Sơ đồ mạch]"). Line breaks stay.
 */
export function plainText(source: string): string {
  let text = "";
  let last = 0;
  for (const match of source.matchAll(FENCED_BLOCK)) {
    text += inlinePlain(source.slice(last, match.index)) + (match[2] ?? "");
    last = match.index + match[0].length;
  }
  return text + inlinePlain(source.slice(last));
}

function inlinePlain(text: string): string {
  let plain = "";
  let last = 0;
  for (const token of findInlineTokens(text)) {
    plain += text.slice(last, token.start);
    if (token.kind === "picture") {
      const alt = token.body.trim();
      const word = serverVi.pictures.thePicture;
      plain += alt === "" ? `[${word}]` : `[${word}: ${alt}]`;
    } else plain += token.body;
    last = token.end;
  }
  return plain + text.slice(last);
}
