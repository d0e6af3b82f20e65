import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { serverVi } from "#base/i18n/vi-server.ts";
import type { Bank, BankQuestion, Problem } from "../formats/types.ts";
import { findPictureRefs } from "../rich-text.ts";
import { encodePicture, encodeTrustedSvg, type EncodedPicture } from "./encode-picture.ts";
import { distinctPictures } from "./pending-pictures.ts";

/**
 * A JSON bank's pictures (its top-level "pictures", content/banks/FORMAT.md) read and stored by
 * hash: every picture a text names is encoded, every `![alt](picture:NAME)` becomes
 * `![alt](picture:HASH)`, and a name no picture answers to is an error at its question.
 * `folder` is given only for our own sample banks read from disk: their pictures may be files
 * beside them, SVG included. The bank's `pictures`, already encoded (its base64 ones, which
 * readFileText stored), are kept, and a text may name them by their hash.
 */
export async function resolveBankPictures(
  bank: Bank,
  file: string,
  folder?: string,
): Promise<{ bank: Bank; problems: Problem[] }> {
  const problems: Problem[] = [];
  const sources = bank.pictureSources ?? {};
  const encoded = new Map((bank.pictures ?? []).map((picture) => [picture.hash, picture]));
  for (const [name, source] of Object.entries(sources)) {
    const result = await readSource(name, source, folder);
    if (result.ok) encoded.set(name, result.picture);
    else problems.push({ file, message: result.message, severity: "error" });
  }
  const practices = bank.practices.map((practice) => ({
    ...practice,
    questions: practice.questions.map((question, index) => {
      const { question: renamed, missing } = renameQuestion(question, encoded);
      for (const ref of missing) {
        problems.push({
          file,
          question: index + 1,
          message: `Đề “${practice.code}”: ${serverVi.pictures.missing(ref)}`,
          severity: "error",
        });
      }
      return renamed;
    }),
  }));
  const { pictureSources: _read, ...rest } = bank;
  return { bank: { ...rest, practices, pictures: distinctPictures(encoded) }, problems };
}

async function readSource(
  name: string,
  source: { file: string } | { base64: string },
  folder: string | undefined,
): Promise<{ ok: true; picture: EncodedPicture } | { ok: false; message: string }> {
  const label = `Ảnh “${name}”`;
  if ("base64" in source) return encodePicture(Buffer.from(source.base64, "base64"), label);
  if (folder === undefined) {
    return {
      ok: false,
      message: `${label}: chỉ nhận ảnh nhúng (base64) trong tệp, không nhận đường dẫn tệp`,
    };
  }
  const resolved = path.resolve(folder, source.file);
  if (!resolved.startsWith(path.resolve(folder) + path.sep)) {
    return {
      ok: false,
      message: `${label}: đường dẫn “${source.file}” nằm ngoài thư mục ngân hàng`,
    };
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(resolved);
  } catch {
    return { ok: false, message: `${label}: không đọc được tệp “${source.file}”` };
  }
  return resolved.toLowerCase().endsWith(".svg")
    ? drawnPicture(bytes, label)
    : encodePicture(bytes, label);
}

/**
 * Where `npm run build` leaves our SVG drawings already turned into stored pictures
 * (scripts/render-bank-pictures.ts), one JSON file per drawing named by the SHA-256 of its SVG:
 * drawing 100 pictures takes the best part of a minute, too long for every first start (and
 * every test server's). A tool's cache, kept across builds (the build folder is emptied by each).
 */
export const DRAWN_PICTURES_DIR = "node_modules/.cache/on-tap/bank-pictures";

/** Changes whenever encode-picture.ts would store a drawing differently, so the cache is redrawn. */
const DRAWING_VERSION = "2";

export function drawnPictureFile(svg: Uint8Array): string {
  const key = createHash("sha256").update(DRAWING_VERSION).update(svg).digest("hex").slice(0, 32);
  return path.join(DRAWN_PICTURES_DIR, `${key}.json`);
}

interface DrawnPictureFile extends Omit<EncodedPicture, "bytes" | "small"> {
  bytes: string;
  small: string | null;
}

export function serializeDrawnPicture(picture: EncodedPicture): string {
  const { bytes, small, ...meta } = picture;
  const file: DrawnPictureFile = {
    ...meta,
    bytes: Buffer.from(bytes).toString("base64"),
    small: small ? Buffer.from(small).toString("base64") : null,
  };
  return JSON.stringify(file);
}

/** A drawing of ours as the build stored it, else drawn now (a checkout not built yet). */
async function drawnPicture(
  svg: Uint8Array,
  label: string,
): Promise<{ ok: true; picture: EncodedPicture } | { ok: false; message: string }> {
  try {
    const file = JSON.parse(await readFile(drawnPictureFile(svg), "utf8")) as DrawnPictureFile;
    const bytes = Buffer.from(file.bytes, "base64");
    return {
      ok: true,
      picture: { ...file, bytes, small: file.small ? Buffer.from(file.small, "base64") : null },
    };
  } catch {
    return encodeTrustedSvg(svg, label);
  }
}

/** The question with its picture names turned into hashes, and the names nothing answers to. */
function renameQuestion(
  question: BankQuestion,
  encoded: ReadonlyMap<string, EncodedPicture>,
): { question: BankQuestion; missing: string[] } {
  const missing: string[] = [];
  const rename = (text: string): string => {
    let result = text;
    for (const { ref } of findPictureRefs(text)) {
      const picture = encoded.get(ref);
      if (!picture) missing.push(ref);
      else result = result.split(`](picture:${ref})`).join(`](picture:${picture.hash})`);
    }
    return result;
  };
  return {
    question: {
      ...question,
      text: rename(question.text),
      ...(question.explanation === undefined ? {} : { explanation: rename(question.explanation) }),
      answers: question.answers.map((answer) => ({
        ...answer,
        text: rename(answer.text),
        ...(answer.feedback === undefined ? {} : { feedback: rename(answer.feedback) }),
      })),
    },
    missing,
  };
}
