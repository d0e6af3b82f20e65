import type { Kysely, Transaction } from "kysely";
import type { PictureMeta, PictureType } from "#base/pictures.ts";
import type { DB } from "./schema.ts";

/**
 * Pictures of questions (migration 0014): reads and writes only. What a picture becomes is
 * content/pictures/encode-picture.ts; who may see one is server/picture-routes.ts.
 */

type Db = Kysely<DB> | Transaction<DB>;

export interface PictureValues extends PictureMeta {
  bytes: Uint8Array;
  small: Uint8Array | null;
}

/** Stores each picture once by its hash; one already stored is left as it is. */
export async function storePictures(
  db: Db,
  pictures: readonly PictureValues[],
  now: Date,
): Promise<void> {
  const seen = new Set<string>();
  for (const picture of pictures) {
    if (seen.has(picture.hash)) continue;
    seen.add(picture.hash);
    await db
      .insertInto("picture")
      .values({
        hash: picture.hash,
        type: picture.type,
        width: picture.width,
        height: picture.height,
        byte_size: picture.bytes.length + (picture.small?.length ?? 0),
        bytes: picture.bytes,
        small_bytes: picture.small,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column("hash").doNothing())
      .execute();
  }
}

/** Notes that this user brought these (stored) pictures in, so their editor may show and use them. */
export async function recordPictureUploads(
  db: Db,
  userId: string,
  hashes: readonly string[],
  now: Date,
): Promise<void> {
  for (const hash of new Set(hashes)) {
    await db
      .insertInto("picture_upload")
      .values({ user_id: userId, picture_hash: hash, created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(["user_id", "picture_hash"]).doNothing())
      .execute();
  }
}

/** Ties each new question revision to the pictures its texts show. */
export async function linkQuestionPictures(
  db: Db,
  links: readonly { questionId: number; hashes: readonly string[] }[],
): Promise<void> {
  const rows = links.flatMap(({ questionId, hashes }) =>
    [...new Set(hashes)].map((hash) => ({ question_id: questionId, picture_hash: hash })),
  );
  for (let at = 0; at < rows.length; at += 200) {
    await db
      .insertInto("question_picture")
      .values(rows.slice(at, at + 200))
      .onConflict((oc) => oc.columns(["question_id", "picture_hash"]).doNothing())
      .execute();
  }
}

function toMeta(row: {
  hash: string;
  type: PictureType;
  width: number;
  height: number;
  has_small: number | boolean;
}): PictureMeta {
  return {
    hash: row.hash,
    type: row.type,
    width: row.width,
    height: row.height,
    hasSmall: Boolean(row.has_small),
  };
}

/** Of these pictures, those this user brought in (what their editor may refer to). */
export async function readUploadedPictures(
  db: Db,
  userId: string,
  hashes: readonly string[],
): Promise<(PictureMeta & { byteSize: number })[]> {
  if (hashes.length === 0) return [];
  const rows = await db
    .selectFrom("picture")
    .innerJoin("picture_upload", "picture_upload.picture_hash", "picture.hash")
    .select(["hash", "type", "width", "height", "byte_size"])
    .select((eb) =>
      eb.case().when("small_bytes", "is not", null).then(1).else(0).end().as("has_small"),
    )
    .where("picture_upload.user_id", "=", userId)
    .where("hash", "in", [...new Set(hashes)])
    .execute();
  return rows.map((row) => ({ ...toMeta(row), byteSize: row.byte_size }));
}

/** The pictures a question revision shows (what a fix of it may keep showing). */
export async function readRevisionPictures(db: Db, questionId: number): Promise<PictureMeta[]> {
  const rows = await db
    .selectFrom("picture")
    .innerJoin("question_picture", "question_picture.picture_hash", "picture.hash")
    .select(["hash", "type", "width", "height"])
    .select((eb) =>
      eb.case().when("small_bytes", "is not", null).then(1).else(0).end().as("has_small"),
    )
    .where("question_picture.question_id", "=", questionId)
    .execute();
  return rows.map(toMeta);
}

/** The stored bytes of a picture (or of its phone variant), with its type; undefined when none. */
export async function readPictureBytes(
  db: Db,
  hash: string,
  small: boolean,
): Promise<{ type: PictureType; bytes: Buffer } | undefined> {
  const row = await db
    .selectFrom("picture")
    .select(["type", small ? "small_bytes as bytes" : "bytes"])
    .where("hash", "=", hash)
    .executeTakeFirst();
  if (!row?.bytes) return undefined;
  return { type: row.type, bytes: Buffer.from(row.bytes) };
}

/** The practices whose question revisions (retired ones too) show this picture. */
export async function practicesShowingPicture(db: Db, hash: string): Promise<number[]> {
  const rows = await db
    .selectFrom("question_picture")
    .innerJoin("question", "question.id", "question_picture.question_id")
    .select("question.practice_id")
    .distinct()
    .where("question_picture.picture_hash", "=", hash)
    .limit(500)
    .execute();
  return rows.map((row) => row.practice_id);
}

export async function hasUploadedPicture(db: Db, userId: string, hash: string): Promise<boolean> {
  const row = await db
    .selectFrom("picture_upload")
    .select("picture_hash")
    .where("user_id", "=", userId)
    .where("picture_hash", "=", hash)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Every picture the practice's live questions show, with its bytes, by hash: what an export of
 * the practice carries so that it re-imports whole.
 */
export async function readPracticePictures(db: Db, practiceId: number): Promise<PictureValues[]> {
  const rows = await db
    .selectFrom("picture")
    .select(["hash", "type", "width", "height", "bytes", "small_bytes"])
    .where((eb) =>
      eb(
        "hash",
        "in",
        eb
          .selectFrom("question_picture")
          .innerJoin("question", "question.id", "question_picture.question_id")
          .select("question_picture.picture_hash")
          .where("question.practice_id", "=", practiceId)
          .where("question.retired", "=", 0),
      ),
    )
    .orderBy("hash")
    .execute();
  return rows.map((row) => ({
    ...toMeta({ ...row, has_small: row.small_bytes !== null }),
    bytes: row.bytes,
    small: row.small_bytes,
  }));
}
