import { serverVi } from "#base/i18n/vi-server.ts";
import { PRACTICE_MAX_PICTURES } from "#base/limits.ts";
import type { Problem } from "../formats/types.ts";
import { encodePicture, type EncodedPicture } from "./encode-picture.ts";

/**
 * The pictures a file carries inside it (a Moodle XML <file>, an HTML data: address, a JSON
 * bank's base64), found by a reader that runs synchronously and encoded here, once, because
 * encoding is asynchronous (sharp). The reader puts a placeholder address `picture:pending-N`
 * where each picture is shown; this step encodes the pictures and puts each one's hash there.
 */
export interface PendingPicture {
  /** "pending-N": what the reader wrote after "picture:". */
  ref: string;
  bytes: Uint8Array;
  /** Where the picture is first shown, 1-based. */
  line: number;
  /** Which picture, for messages: "Ảnh “hinh1.png”", "Ảnh nhúng". */
  name: string;
}

export function pendingRef(index: number): string {
  return `pending-${index + 1}`;
}

export interface EncodedPending {
  /** By ref, the pictures that encoded. */
  encoded: Map<string, EncodedPicture>;
  /** One error per picture that did not, at its line (or one for them all: too many). */
  problems: Problem[];
  /** By ref, the error of each picture that did not encode. */
  failures: Map<string, Problem>;
}

/** Encodes each pending picture; one that cannot be stored is an error at its line. */
export async function encodePending(
  pending: readonly PendingPicture[],
  file: string,
): Promise<EncodedPending> {
  const encoded = new Map<string, EncodedPicture>();
  const failures = new Map<string, Problem>();
  if (pending.length > PRACTICE_MAX_PICTURES) {
    const message = serverVi.pictures.tooMany(pending.length, PRACTICE_MAX_PICTURES);
    return { encoded, problems: [{ file, line: 1, message, severity: "error" }], failures };
  }
  for (const picture of pending) {
    // One at a time: the thread decodes one picture at a time anyway (encode-picture.ts).
    const result = await encodePicture(picture.bytes, picture.name);
    if (result.ok) encoded.set(picture.ref, result.picture);
    else {
      const { line, ref } = picture;
      failures.set(ref, { file, line, message: result.message, severity: "error" });
    }
  }
  return { encoded, problems: [...failures.values()], failures };
}

const PENDING_ADDRESS = /picture:(pending-\d+)\b/gu;

/**
 * Each `picture:pending-N` address as its picture's `picture:<hash>`; the address of a picture
 * that did not encode is left empty (`src=""`), so the text shows no picture there and its
 * reader warns of the dropped image, after the error encodePending gave.
 */
export function renamePendingAddresses(
  text: string,
  pending: readonly PendingPicture[],
  encoded: ReadonlyMap<string, EncodedPicture>,
): string {
  const refs = new Set(pending.map((picture) => picture.ref));
  return text.replace(PENDING_ADDRESS, (address, ref: string) => {
    if (!refs.has(ref)) return address;
    const picture = encoded.get(ref);
    return picture ? `picture:${picture.hash}` : "";
  });
}

/** The encoded pictures, once each. */
export function distinctPictures(encoded: ReadonlyMap<string, EncodedPicture>): EncodedPicture[] {
  return [...new Map([...encoded.values()].map((picture) => [picture.hash, picture])).values()];
}
