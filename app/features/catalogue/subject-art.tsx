import { escapeHtml } from "#base/escape-html.ts";

/**
 * A subject tile's illustration, drawn from its code: the same subject always gets the same
 * picture, in the colours of the current theme, with no image to download.
 *
 * Its shapes are written once per subject as markup and reused (issue 29): they were half of all
 * the attributes React wrote on a home page (8 tiles × 26), the same for every visitor.
 */
export function SubjectArt({ code, name }: { code: string; name: string }) {
  return (
    <svg
      className="subject-art"
      viewBox="0 0 100 56"
      aria-hidden="true"
      focusable="false"
      preserveAspectRatio="xMidYMid slice"
      dangerouslySetInnerHTML={{ __html: artMarkup(code, name) }}
    />
  );
}

/** Markup kept per subject; there are tens of subjects, so the bound is only a safeguard. */
const MAX_KEPT = 500;
const kept = new Map<string, string>();

function artMarkup(code: string, name: string): string {
  const key = `${code}\u0000${name}`;
  let markup = kept.get(key);
  if (markup !== undefined) return markup;
  const seed = hashCode(code);
  const circles = [0, 1, 2].map((i) => {
    const value = (seed >>> (i * 7)) & 0x7f;
    const fill = i === 1 ? "var(--primary)" : "var(--primary10)";
    const opacity = i === 1 ? 0.55 : 0.9;
    return `<circle cx="${10 + (value % 80)}" cy="${8 + ((value * 3) % 40)}" r="${8 + ((value >> 3) % 14)}" fill="${fill}" opacity="${opacity}"></circle>`;
  });
  markup =
    `<rect width="100" height="56" fill="var(--primary15)"></rect>${circles.join("")}` +
    `<text x="50" y="35" text-anchor="middle" font-size="18" font-weight="800" fill="var(--black)">${escapeHtml(initials(name))}</text>`;
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, markup);
  return markup;
}

/** The first letters of the name's first two words ("Cơ sở dữ liệu" → "CS"). */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
}

function hashCode(text: string): number {
  let hash = 2166136261;
  for (const char of text) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}
