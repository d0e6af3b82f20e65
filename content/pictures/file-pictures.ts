import { detectFormat } from "../formats/detect.ts";
import { PICTURE_NAME } from "../formats/json.ts";
import { takeGiftPictures } from "../formats/html-pictures.ts";
import { takeMoodlePictures } from "../formats/moodle-pictures.ts";
import type { Problem } from "../formats/types.ts";
import { findInlineTokens } from "../inline-tokens.ts";
import type { EncodedPicture } from "./encode-picture.ts";
import {
  type PendingPicture,
  distinctPictures,
  encodePending,
  renamePendingAddresses,
} from "./pending-pictures.ts";

/**
 * The pictures a text file carries inside it, brought out (issue 26): a Moodle XML's <file>s,
 * a GIFT's data: addresses, our JSON's base64 "pictures". Each is encoded and stored by hash,
 * and the text that comes back — what the editor of "Tạo đề của tôi" shows and what
 * `npm run import` parses — names it `picture:<hash>` and no longer carries its bytes (a file
 * of pictures would outweigh the 2 MB a practice's text may have). A picture that cannot be
 * stored is an error at its line, and the text no longer shows it.
 */
export interface FilePictures {
  text: string;
  notes: Problem[];
  pictures: EncodedPicture[];
}

export async function bringFilePictures(text: string, file: string): Promise<FilePictures> {
  const format = detectFormat(file, text);
  if (format === "json") return bringJsonPictures(text, file);
  const taken =
    format === "moodle-xml"
      ? takeMoodlePictures(text)
      : format === "gift"
        ? takeGiftPictures(text)
        : { text, pending: [] };
  if (taken.pending.length === 0) return { text: taken.text, notes: [], pictures: [] };
  const { encoded, problems } = await encodePending(taken.pending, file);
  return {
    text: renamePendingAddresses(taken.text, taken.pending, encoded),
    notes: problems,
    pictures: distinctPictures(encoded),
  };
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Our JSON with base64 pictures (content/banks/FORMAT.md), as a student's file or an export
 * brings them: each encoded, its name in the texts made its hash, its base64 dropped from
 * "pictures" (a "file" picture, only for `npm run import` of our own banks, stays for
 * resolveBankPictures). The JSON is written again with two-space indents, as an export is; a
 * text that is no JSON, or has no base64 picture, comes back as it was.
 */
async function bringJsonPictures(text: string, file: string): Promise<FilePictures> {
  const unchanged = { text, notes: [], pictures: [] };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return unchanged;
  }
  if (!isObject(data) || !isObject(data.pictures)) return unchanged;
  const sources = data.pictures;
  const pending: PendingPicture[] = Object.entries(sources).flatMap(([name, source]) =>
    // A name the bank schema refuses stays, for the parse to say so.
    PICTURE_NAME.test(name) && isObject(source) && typeof source.base64 === "string"
      ? [{ ref: name, bytes: Buffer.from(source.base64, "base64"), line: 1, name: `Ảnh “${name}”` }]
      : [],
  );
  if (pending.length === 0) return unchanged;
  const { encoded, problems, failures } = await encodePending(pending, file);
  for (const { ref } of pending) delete sources[ref];
  if (Object.keys(sources).length === 0) delete data.pictures;
  renameTexts(data, (ref) => encoded.get(ref)?.hash ?? ref);
  const failed = new Set(pending.map(({ ref }) => ref).filter((ref) => !encoded.has(ref)));
  if (failed.size === 0) {
    return { text: jsonText(data), notes: problems, pictures: distinctPictures(encoded) };
  }
  // A picture that failed is said at the line of its first use, then dropped from the texts.
  const named = jsonText(data);
  const lineOfUse = (ref: string) => {
    const at = named.indexOf(`](picture:${ref})`);
    return at < 0 ? 1 : named.slice(0, at).split("\n").length;
  };
  const notes =
    failures.size === 0
      ? problems
      : [...failures].map(([ref, problem]) => ({ ...problem, line: lineOfUse(ref) }));
  renameTexts(data, (ref) => (failed.has(ref) ? null : ref));
  return { text: jsonText(data), notes, pictures: distinctPictures(encoded) };
}

function jsonText(data: unknown): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

/**
 * Every text of every question (text, answers and their feedback, explanation) with each
 * picture's ref replaced: `rename` gives the new ref, or null to drop the picture.
 */
function renameTexts(data: JsonObject, rename: (ref: string) => string | null): void {
  const renamed = (text: unknown): unknown =>
    typeof text === "string" ? renamePictures(text, rename) : text;
  const practices = Array.isArray(data.practices) ? data.practices : [];
  for (const practice of practices) {
    const questions =
      isObject(practice) && Array.isArray(practice.questions) ? practice.questions : [];
    for (const question of questions.filter(isObject)) {
      question.text = renamed(question.text);
      if ("explanation" in question) question.explanation = renamed(question.explanation);
      const answers = Array.isArray(question.answers) ? question.answers : [];
      for (const answer of answers.filter(isObject)) {
        answer.text = renamed(answer.text);
        if ("feedback" in answer) answer.feedback = renamed(answer.feedback);
      }
    }
  }
}

function renamePictures(text: string, rename: (ref: string) => string | null): string {
  let result = "";
  let at = 0;
  for (const token of findInlineTokens(text)) {
    if (token.kind !== "picture" || token.ref === undefined) continue;
    const ref = rename(token.ref);
    if (ref === token.ref) continue;
    result += text.slice(at, token.start);
    if (ref !== null) result += `![${token.body}](picture:${ref})`;
    at = token.end;
  }
  return result + text.slice(at);
}
