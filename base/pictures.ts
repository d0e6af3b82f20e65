/**
 * Pictures in questions (issue 26): their address and the facts a page needs to reserve their
 * space. A picture is named by its content hash (32 hex of the SHA-256 of its stored bytes), so
 * its address never changes meaning and can be cached for good. Shared by the renderer
 * (content/rich-text.ts), the server's route and the service worker.
 */

export type PictureType = "webp" | "png" | "gif";

export interface PictureMeta {
  hash: string;
  type: PictureType;
  width: number;
  height: number;
  /** A 640-px-wide variant exists for phones. */
  hasSmall: boolean;
}

/** The width of the phone-sized variant; pictures up to this wide have none. */
export const SMALL_PICTURE_WIDTH = 640;

export const PICTURE_HASH = /^[0-9a-f]{32}$/u;

const PICTURE_FILE = /^([0-9a-f]{32})(-640)?\.(webp|png|gif)$/u;

const PICTURES_PATH = "/pictures/";

export function pictureUrl(picture: Pick<PictureMeta, "hash" | "type">, small = false): string {
  return `${PICTURES_PATH}${picture.hash}${small ? `-${SMALL_PICTURE_WIDTH}` : ""}.${picture.type}`;
}

/** `<hash>[-640].<type>` back into its parts; null for any other name. */
export function parsePictureFileName(
  name: string,
): { hash: string; small: boolean; type: PictureType } | null {
  const match = PICTURE_FILE.exec(name);
  if (!match) return null;
  return { hash: match[1]!, small: match[2] !== undefined, type: match[3] as PictureType };
}

/**
 * The stored pictures a text names, at most `max` of them: what the host looks up before the
 * parse pool reads the text. Every `picture:<hash>` counts, as our token writes it
 * (`](picture:<hash>)`), as GIFT escapes it (`picture\:<hash>`) and as a Moodle XML or GIFT
 * <img src="picture:<hash>"> holds it. A plain linear search; the parser decides what is really
 * a picture.
 */
export function pictureHashesIn(text: string, max = 2000): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/picture\\?:([0-9a-f]{32})(?![0-9a-f])/gu)) {
    found.add(match[1]!);
    if (found.size >= max) break;
  }
  return [...found];
}
