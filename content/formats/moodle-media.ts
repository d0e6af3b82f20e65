import { imageWarning } from "#content/html-text.ts";

/**
 * The pictures, sounds and videos a Moodle or GIFT question loses on import, so that each is
 * named in one warning, by what it is. A teacher who sees "Ảnh" for a listening exercise's
 * recording would not know the question now has nothing to listen to. A stored picture
 * (`<img src="picture:<hash>">`, issue 26) is carried, so it is none of them.
 */

type MediaKind = "image" | "audio" | "video";

export interface Media {
  kind: MediaKind;
  /** Its address or file name as written; "" when embedded without one. */
  name: string;
  /** What tells two mentions of one file apart from two files (see uniqueMedia). */
  key?: string;
}

const AUDIO_FILE = /\.(?:mp3|wav|ogg|oga|m4a|aac|flac|wma|opus)$/iu;
const VIDEO_FILE = /\.(?:mp4|m4v|webm|ogv|mov|avi|wmv|mkv)$/iu;

/** By the file's extension (an address's query and fragment aside), else `fallback`. */
export function mediaKindOf(name: string, fallback: MediaKind): MediaKind {
  const path = name.split(/[?#]/u, 1)[0] ?? "";
  if (AUDIO_FILE.test(path)) return "audio";
  if (VIDEO_FILE.test(path)) return "video";
  return fallback;
}

export function mediaWarning(media: Media): string {
  // A data: address is the file itself, too long to name: it is an embedded one.
  const name = /^\s*data:/iu.test(media.name) ? "" : media.name;
  if (media.kind === "image") return imageWarning(name);
  const what = media.kind === "audio" ? "Âm thanh" : "Video";
  const which = name === "" ? `${what} nhúng` : `${what} “${name}”`;
  return `${which} chưa được hỗ trợ nên không được nhập`;
}

const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/gu;
// `[^<>]*` ends a tag at the next "<" too: with `[^>]*`, every "<img" that has no ">" after it
// would search to the end of the text again.
const MEDIA_TAG = /<(img|audio|video|source|embed|a)\b[^<>]*>/giu;
const ADDRESS = /\b(src|href)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/iu;

/**
 * Every picture, sound and video of a piece of HTML, in order: <img>, <audio>/<video> and
 * their <source>, <embed>, and links to a sound or video file (Moodle's media filter plays
 * those in place, so for the student they are the recording, not a link).
 */
export function htmlMedia(html: string): Media[] {
  const found: Media[] = [];
  for (const tag of html.replace(HTML_COMMENT, "").matchAll(MEDIA_TAG)) {
    const element = (tag[1] ?? "").toLowerCase();
    const address = ADDRESS.exec(tag[0]);
    const attribute = address?.[1]?.toLowerCase();
    const name = address?.slice(2).find((part) => part !== undefined) ?? "";
    if (element === "img") {
      if (attribute === "src" && /^picture:/iu.test(name)) continue;
      found.push({ kind: "image", name: attribute === "src" ? name : "" });
    } else if (element === "a" || element === "embed") {
      const kind = mediaKindOf(name, "image");
      if (kind !== "image") found.push({ kind, name });
    } else if (name !== "") {
      // An <audio> or <video> without its own address plays its <source>s: named by those.
      found.push({ kind: mediaKindOf(name, element === "video" ? "video" : "audio"), name });
    }
  }
  return found;
}

const PLUGIN_FILE = "@@PLUGINFILE@@/";

/**
 * One entry per media file: Moodle's export writes an attached file both as a <file> (its
 * `key` is its path and name) and as an "@@PLUGINFILE@@/path/name" address in the HTML, spaces
 * as %20; and a file shown twice is still one file.
 */
export function uniqueMedia(media: Media[]): Media[] {
  const seen = new Set<string>();
  return media.filter((item) => {
    const key = item.key ?? addressKey(item.name);
    if (key === "") return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function addressKey(name: string): string {
  return pluginFileKey(name) ?? name;
}

/**
 * The file an "@@PLUGINFILE@@/path/name" address names, as its <file>'s path and name
 * ("so%20do.png?time=1" → "so do.png"); undefined for any other address.
 */
export function pluginFileKey(address: string): string | undefined {
  if (!address.startsWith(PLUGIN_FILE)) return undefined;
  const path = address.slice(PLUGIN_FILE.length).split(/[?#]/u, 1)[0] ?? "";
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
