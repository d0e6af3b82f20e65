import type { Kysely } from "kysely";
import { serverVi } from "#base/i18n/vi-server.ts";
import { PRACTICE_MAX_PICTURE_BYTES } from "#base/limits.ts";
import { pictureHashesIn, type PictureMeta } from "#base/pictures.ts";
import type { EncodedPicture } from "#content/pictures/encode-picture.ts";
import { readUploadedPictures, recordPictureUploads, storePictures } from "#db/pictures.ts";
import type { DB } from "#db/schema.ts";

/**
 * The pictures of a student's own practice (issue 26): what they brought in (a dropped file's
 * pictures, a pasted one) is stored at once and noted as theirs, so the editor's preview shows
 * it and a save may use it; a text may name no other picture.
 */

/** Stores the pictures a dropped file brought and notes them as this user's. */
export async function keepBroughtPictures(
  db: Kysely<DB>,
  userId: string,
  pictures: readonly EncodedPicture[],
): Promise<void> {
  if (pictures.length === 0) return;
  const now = new Date();
  await storePictures(db, pictures, now);
  await recordPictureUploads(
    db,
    userId,
    pictures.map((picture) => picture.hash),
    now,
  );
}

/**
 * The pictures a text names that this user brought in, for the parse pool to check the text
 * against and render with; and a refusal when together they weigh more than a practice may.
 */
export async function picturesForText(
  db: Kysely<DB>,
  userId: string,
  text: string,
): Promise<{ pictures: PictureMeta[]; tooHeavy: string | null }> {
  const found = await readUploadedPictures(db, userId, pictureHashesIn(text));
  const weight = found.reduce((sum, picture) => sum + picture.byteSize, 0);
  const pictures = found.map(({ byteSize: _size, ...meta }) => meta);
  const tooHeavy =
    weight > PRACTICE_MAX_PICTURE_BYTES
      ? serverVi.pictures.tooHeavy(PRACTICE_MAX_PICTURE_BYTES / 1024 / 1024)
      : null;
  return { pictures, tooHeavy };
}
