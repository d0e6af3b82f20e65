import { viOwnPracticeEditor } from "#app/i18n/vi/own-practice-editor.ts";
import { PICTURE_MAX_INPUT_BYTES } from "#base/limits.ts";
import { paths } from "#base/paths.ts";
import type { PictureMeta } from "#base/pictures.ts";

/**
 * Pictures in the editor's text (issue 26): which files are pictures, where a picture goes in
 * the text, and the upload to POST /api/pictures. No React here (use-picture-insert.ts is the
 * hook), so each rule is tested on its own.
 */

const t = viOwnPracticeEditor;

/** What a picture becomes in the text: the design's token (content/rich-text.ts renders it). */
export function pictureToken(hash: string): string {
  return `![${t.pictureAlt}](picture:${hash})`;
}

/** What stands where a picture will go while it is sent: no token the parser reads as a picture. */
export function placeholderOf(n: number): string {
  return `![${t.picturePlaceholder(n)}]()`;
}

const PICTURE_NAME = /\.(?:png|jpe?g|gif|webp|bmp|tiff?|avif|heic|heif|svg)$/iu;

/**
 * Whether a file is meant as a picture rather than a bank file: by its type, or by its name
 * when the system gave none. The server reads the real type from the bytes (an SVG is refused
 * there, with its reason).
 */
export function isPictureFile(file: { type: string; name: string }): boolean {
  return file.type.startsWith("image/") || (file.type === "" && PICTURE_NAME.test(file.name));
}

/**
 * The pictures a paste brings, if it is a picture paste at all. Copying text from Word, Excel or
 * a web page puts a picture of it on the clipboard beside the text: the text wins, as the student
 * meant to paste questions. Only a clipboard with no text (a screenshot, "Copy image") inserts pictures.
 */
export function picturesOfPaste(clipboard: {
  getData(type: string): string;
  files: ArrayLike<File>;
}): File[] {
  if (clipboard.getData("text/plain").trim() !== "") return [];
  return Array.from(clipboard.files).filter(isPictureFile);
}

export interface Placement {
  text: string;
  /** Where the inserted segment starts, and the segment itself (line breaks around it included). */
  at: number;
  segment: string;
  /** The caret after it: right behind the inserted token. */
  caret: number;
}

/**
 * Puts `token` at the selection (replacing what is selected, as a paste does), on a line of its
 * own: below the line when the caret ends one, above it when it starts one, between the two
 * halves when it is mid-line, so the picture follows the question or answer it was put after,
 * as a student writing it would lay it out. One exception: after a space that ends a line ("A. |",
 * "Câu 3: |") it goes right there, the student having left that room for it: the answer or the
 * question is that picture.
 */
export function placePicture(text: string, start: number, end: number, token: string): Placement {
  const from = Math.max(0, Math.min(start, end, text.length));
  const to = Math.min(Math.max(start, end, from), text.length);
  const before = text.slice(0, from);
  const after = text.slice(to);
  const lineBefore = before.slice(before.lastIndexOf("\n") + 1);
  const breakAfter = after.indexOf("\n");
  const lineAfter = breakAfter === -1 ? after : after.slice(0, breakAfter);
  const afterLabel = lineBefore.trim() !== "" && /\s$/u.test(lineBefore) && lineAfter.trim() === "";
  const prefix = afterLabel || lineBefore.trim() === "" ? "" : "\n";
  const suffix = afterLabel || lineAfter.trim() === "" ? "" : "\n";
  const segment = `${prefix}${token}${suffix}`;
  return {
    text: `${before}${segment}${after}`,
    at: from,
    segment,
    caret: from + prefix.length + token.length,
  };
}

/**
 * Replaces `find` (its first occurrence) by `replacement`, moving a selection behind it by the
 * difference so the student's caret stays where they were typing; null when `find` is gone
 * (edited away meanwhile).
 */
export function replaceSegment(
  text: string,
  find: string,
  replacement: string,
  selection: readonly [number, number],
): { text: string; selection: [number, number] } | null {
  const at = text.indexOf(find);
  if (at === -1) return null;
  const end = at + find.length;
  const move = (offset: number) =>
    offset >= end
      ? offset + replacement.length - find.length
      : offset > at
        ? at + replacement.length
        : offset;
  return {
    text: `${text.slice(0, at)}${replacement}${text.slice(end)}`,
    selection: [move(selection[0]), move(selection[1])],
  };
}

export type PictureUpload = { ok: true; picture: PictureMeta } | { ok: false; message: string };

/**
 * Sends one picture as the raw body (same origin: the session cookie and the Origin header go
 * with it); a refusal carries the server's Vietnamese message. A picture over the server's limit
 * is refused here, before megabytes go over a phone's connection.
 */
export async function uploadPicture(file: Blob): Promise<PictureUpload> {
  if (file.size > PICTURE_MAX_INPUT_BYTES) {
    return { ok: false, message: t.pictureTooLarge(PICTURE_MAX_INPUT_BYTES / 1024 / 1024) };
  }
  let response: Response;
  try {
    response = await fetch(paths.apiPictures, {
      method: "POST",
      body: file,
      headers: { "content-type": file.type || "application/octet-stream" },
    });
  } catch {
    return { ok: false, message: t.pictureFailed };
  }
  const body: unknown = await response.json().catch(() => null);
  const field = (name: string): unknown =>
    typeof body === "object" && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  if (response.ok && typeof field("hash") === "string") {
    return { ok: true, picture: body as PictureMeta };
  }
  const message = field("message");
  return { ok: false, message: typeof message === "string" ? message : t.pictureFailed };
}
