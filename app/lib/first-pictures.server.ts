import type { Kysely } from "kysely";
import { parsePictureFileName, PICTURES_PATH } from "#base/pictures.ts";
import type { QuestionView } from "#db/catalogue.ts";
import { readPictureBytes } from "#db/pictures.ts";
import type { DB } from "#db/schema.ts";
import { createRoom, orderedQuestions } from "#engine/room.ts";
import type { RoomConfig } from "#engine/types.ts";

/**
 * The pictures of the room's first question travel inside its HTML, as `data:` addresses
 * (issue 26). On a slow phone a picture fetched on its own shares the link with the room's
 * 130 KB of scripts and came 0.5–1 s after the question's text: measured with bench:page, the
 * room's LCP was 17–33% later with a drawing on its first question than without. Inside the
 * HTML it arrives with the text. Only small pictures (our drawings are 5–30 KB): a large photo
 * would hold back the text itself, and keeps its address. The CSP allows `img-src data:`.
 */
const INLINE_PICTURE_MAX_BYTES = 32 * 1024;

/** Our renderer's own <img> (content/rich-text.ts): its src, and the srcset it may have. */
const PICTURE_IMAGE = /<img class="q-picture" src="([^"]+)"(?: srcset="[^"]*" sizes="[^"]*")?/gu;

export async function withFirstPicturesInline(
  db: Kysely<DB>,
  questions: QuestionView[],
  config: RoomConfig,
): Promise<QuestionView[]> {
  const first = orderedQuestions(createRoom(questions, config))[0];
  if (!first?.textHtml.includes(PICTURES_PATH)) return questions;
  const textHtml = await inlinePictures(db, first.textHtml);
  return questions.map((question) => (question === first ? { ...question, textHtml } : question));
}

async function inlinePictures(db: Kysely<DB>, html: string): Promise<string> {
  const inline = new Map<string, string>();
  for (const [, src] of html.matchAll(PICTURE_IMAGE)) {
    const file = parsePictureFileName(src!.slice(PICTURES_PATH.length).split("?")[0] ?? "");
    if (!file || file.small || inline.has(src!)) continue;
    const stored = await readPictureBytes(db, file.hash, false);
    if (!stored || stored.bytes.length > INLINE_PICTURE_MAX_BYTES) continue;
    inline.set(src!, `data:image/${stored.type};base64,${stored.bytes.toString("base64")}`);
  }
  if (inline.size === 0) return html;
  // Its srcset goes too: one address, the full picture, already here.
  return html.replace(PICTURE_IMAGE, (image, src: string) => {
    const data = inline.get(src);
    return data === undefined ? image : `<img class="q-picture" src="${data}"`;
  });
}
