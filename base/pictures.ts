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

/** Where pictures are served (server/picture-routes.ts); the service worker answers there offline. */
export const PICTURES_PATH = "/pictures/";

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

/**
 * The attributes of a rendered picture (content/rich-text.ts) that hold its addresses. Question
 * text is escaped when rendered (a `"` becomes `&quot;`), so `src="` and `srcset="` only ever
 * open one of our own attributes, never something a student typed.
 */
const ADDRESS_ATTRIBUTES = /\s(src|srcset)="([^"]*)"/gu;

/** A picture's address inside such an attribute, with the `?p=` it may carry already. */
const PICTURE_ADDRESS = /\/pictures\/[0-9a-f]{32}(?:-640)?\.(?:webp|png|gif)(?:\?p=[^\s",]*)?/gu;

/**
 * A question's HTML for a viewer who opens its practice through a share link (`s_…`): every
 * picture address (`src` and each `srcset` candidate) gains `?p=<address>`, which is how the
 * picture route lets someone who has saved no attempt of it yet see its pictures
 * (server/picture-routes.ts). An address that already carries one is left alone.
 */
export function withPictureAddress(html: string, address: string): string {
  if (!html.includes(PICTURES_PATH)) return html;
  const query = `?p=${encodeURIComponent(address)}`;
  return html.replace(
    ADDRESS_ATTRIBUTES,
    (_attribute, name: string, value: string) =>
      ` ${name}="${value.replace(PICTURE_ADDRESS, (url) => (url.includes("?") ? url : url + query))}"`,
  );
}

/**
 * Every picture address the given HTML shows, once each, in order: the full picture and its
 * phone variant where the `srcset` names one (the browser may pick either), with the `?p=` they
 * carry. What a download fetches to show them offline.
 */
export function pictureUrlsIn(...htmls: readonly (string | null | undefined)[]): string[] {
  const found = new Set<string>();
  for (const html of htmls) {
    if (!html?.includes(PICTURES_PATH)) continue;
    for (const attribute of html.matchAll(ADDRESS_ATTRIBUTES)) {
      for (const url of attribute[2]!.matchAll(PICTURE_ADDRESS)) found.add(url[0]);
    }
  }
  return [...found];
}
