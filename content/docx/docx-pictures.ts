import path from "node:path";
import { serverVi } from "#base/i18n/vi-server.ts";
import { PICTURE_MAX_INPUT_BYTES, PRACTICE_MAX_PICTURES } from "#base/limits.ts";
import type { Problem } from "../formats/types.ts";
import { encodePicture, type EncodedPicture } from "../pictures/encode-picture.ts";
import { metafileKind, wmfToPng } from "./wmf-picture.ts";
import { attributeOf, childrenOf, parseXml, tagOf } from "./xml.ts";

/**
 * A Word file's pictures (issue 26). Reading the document is synchronous
 * (content/docx/docx-walker.ts): each picture it meets is written into the text where it stands
 * as `![alt](picture:docx-picture-N)`, one N per picture file of the document, and collected
 * here with its bytes. Once the text is settled (keys written in, content/read-file-text.ts),
 * `placePictures` encodes each file once and puts its hash in every token; a picture that cannot
 * be brought in loses its token and leaves an error at its line instead, so the student sees
 * why it is missing.
 */

export type PictureKind = "picture" | "formula";

export interface DocxPicture {
  /** The reference its tokens carry until it is encoded. */
  ref: string;
  /** A picture, or the preview of a MathType / Equation 3.0 formula. */
  kind: PictureKind;
  /** Its file's bytes; null when the document names a picture it does not hold (a linked one). */
  bytes: Uint8Array | null;
}

const REF_PREFIX = "docx-picture-";
const messages = serverVi.docxProblems;

export class DocxPictures {
  readonly found: DocxPicture[] = [];
  private readonly byKey = new Map<string, DocxPicture>();

  /**
   * `targets`: the document's relationships, id → part name in the zip (null for a link out of
   * it); `media`: the zip's files by part name (content/docx/docx-zip.ts).
   */
  constructor(
    private readonly targets: ReadonlyMap<string, string | null>,
    private readonly media: ReadonlyMap<string, Uint8Array>,
  ) {}

  /** The token of the picture relationship `id` names, with the first usable alt text. */
  token(id: string | undefined, kind: PictureKind, ...alts: (string | undefined)[]): string {
    const part = id === undefined ? null : (this.targets.get(id) ?? null);
    const bytes = part === null ? null : (this.media.get(part) ?? null);
    const key = `${kind}\u0000${bytes === null ? `missing\u0000${id ?? ""}` : part}`;
    let picture = this.byKey.get(key);
    if (!picture) {
      picture = { ref: `${REF_PREFIX}${this.found.length + 1}`, kind, bytes };
      this.byKey.set(key, picture);
      this.found.push(picture);
    }
    const fallback = kind === "formula" ? messages.formulaAlt : serverVi.pictures.thePicture;
    return `![${altText(alts) ?? fallback}](picture:${picture.ref})`;
  }
}

/** word/_rels/document.xml.rels as id → part name ("word/media/image1.png"), null for a link. */
export function readRelationships(xml: string | undefined): Map<string, string | null> {
  const targets = new Map<string, string | null>();
  if (xml === undefined) return targets;
  let nodes;
  try {
    nodes = parseXml(xml);
  } catch {
    return targets;
  }
  const root = nodes.find((node) => tagOf(node) === "Relationships");
  for (const relationship of root ? childrenOf(root) : []) {
    const id = attributeOf(relationship, "Id");
    const target = attributeOf(relationship, "Target");
    if (id === undefined || target === undefined || targets.has(id)) continue;
    const external = attributeOf(relationship, "TargetMode")?.toLowerCase() === "external";
    targets.set(id, external ? null : partName(target));
  }
  return targets;
}

/** A target relative to word/ (or absolute in the package) as the zip names it. */
function partName(target: string): string | null {
  const joined = target.startsWith("/") ? target.slice(1) : `word/${target}`;
  const normal = path.posix.normalize(joined);
  return normal.startsWith("../") || normal === ".." ? null : normal;
}

const ALT_MAX = 200;

/**
 * The first alt text with something in it, made safe for the token: no "]", no line break, no
 * "$" or "`" that could pair with one before the picture as a formula or code.
 */
function altText(candidates: (string | undefined)[]): string | undefined {
  for (const candidate of candidates) {
    const clean = (candidate ?? "")
      // Control characters, line and paragraph separators, private use (key marks), "]", "$", "`".
      .replace(/[\]$`\p{Cc}\p{Co}\u2028\u2029]/gu, " ")
      .replace(/\s+/gu, " ")
      .trim();
    if (clean !== "") return Array.from(clean).slice(0, ALT_MAX).join("").trim();
  }
  return undefined;
}

type Outcome = { picture: EncodedPicture } | { message: string };

/** A picture file as it is stored, or why it cannot be. */
async function encodeOne(picture: DocxPicture): Promise<Outcome> {
  const formula = picture.kind === "formula";
  if (picture.bytes === null) return { message: messages.pictureNotInFile };
  let bytes = picture.bytes;
  // A file over the input limit is refused by encodePicture before anything reads it.
  const metafile = bytes.length <= PICTURE_MAX_INPUT_BYTES ? metafileKind(bytes) : null;
  if (metafile === "emf") return { message: formula ? messages.formulaEmf : messages.pictureEmf };
  if (metafile === "wmf") {
    const drawn = await wmfToPng(bytes);
    if (!drawn.ok) return { message: formula ? messages.formulaWmf : messages.pictureWmf };
    bytes = drawn.png;
  }
  const encoded = await encodePicture(bytes, formula ? messages.theFormula : messages.thePicture);
  return encoded.ok ? { picture: encoded.picture } : { message: encoded.message };
}

/** `![alt](picture:docx-picture-N)`: the alt text is bounded, so each "!" looks a bounded way. */
const TOKEN = /!\[([^\]\n]{0,300})\]\(picture:(docx-picture-\d{1,6})\)/gu;

/**
 * The text with each picture's hash in its tokens, and the encoded pictures (once each). A
 * picture that could not be encoded leaves no token and an error at its line; a line that held
 * nothing else goes, and what was said at it moves to the line before (the question the picture
 * belonged to), as do the lines of the notes below it.
 */
export async function placePictures(
  text: string,
  notes: Problem[],
  pictures: readonly DocxPicture[],
): Promise<{ text: string; notes: Problem[]; pictures: EncodedPicture[] }> {
  if (pictures.length === 0) return { text, notes, pictures: [] };
  const outcomes = new Map<string, Outcome>();
  for (const [index, picture] of pictures.entries()) {
    outcomes.set(
      picture.ref,
      index < PRACTICE_MAX_PICTURES
        ? await encodeOne(picture)
        : { message: serverVi.pictures.tooMany(pictures.length, PRACTICE_MAX_PICTURES) },
    );
  }
  const lines = text.split("\n");
  const kept: string[] = [];
  const moved: number[] = [];
  const errors: Problem[] = [];
  const stored = new Map<string, EncodedPicture>();
  for (const line of lines) {
    const failed: string[] = [];
    const placed = line.replace(TOKEN, (whole, alt: string, ref: string) => {
      const outcome = outcomes.get(ref);
      if (outcome === undefined) return whole;
      if ("message" in outcome) {
        if (!failed.includes(outcome.message)) failed.push(outcome.message);
        return "";
      }
      const { picture } = outcome;
      if (!stored.has(picture.hash)) stored.set(picture.hash, picture);
      return `![${alt}](picture:${picture.hash})`;
    });
    const gone = failed.length > 0 && placed.trim() === "";
    if (!gone) kept.push(failed.length > 0 ? placed.trimEnd() : placed);
    const at = Math.max(1, kept.length);
    moved.push(at);
    for (const message of failed) errors.push({ file: "", line: at, message, severity: "error" });
  }
  const removed = lines.length - kept.length;
  const lineOf = (line: number) =>
    line <= moved.length ? moved[line - 1]! : Math.max(1, line - removed);
  return {
    text: kept.join("\n"),
    notes: [...notes.map((note) => ({ ...note, line: lineOf(note.line ?? 1) })), ...errors].sort(
      (a, b) => (a.line ?? 1) - (b.line ?? 1),
    ),
    pictures: [...stored.values()],
  };
}
