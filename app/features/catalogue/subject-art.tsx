/**
 * A subject tile's illustration, drawn from its code: the same subject always gets the same
 * picture, in the colours of the current theme, with no image to download.
 */
export function SubjectArt({ code, name }: { code: string; name: string }) {
  const seed = hashCode(code);
  const shapes = [0, 1, 2].map((i) => {
    const value = (seed >>> (i * 7)) & 0x7f;
    return { cx: 10 + (value % 80), cy: 8 + ((value * 3) % 40), r: 8 + ((value >> 3) % 14) };
  });
  const initials = name
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
  return (
    <svg
      className="subject-art"
      viewBox="0 0 100 56"
      aria-hidden="true"
      focusable="false"
      preserveAspectRatio="xMidYMid slice"
    >
      <rect width="100" height="56" fill="var(--primary15)" />
      {shapes.map((shape, i) => (
        <circle
          key={i}
          cx={shape.cx}
          cy={shape.cy}
          r={shape.r}
          fill={i === 1 ? "var(--primary)" : "var(--primary10)"}
          opacity={i === 1 ? 0.55 : 0.9}
        />
      ))}
      <text x="50" y="35" textAnchor="middle" fontSize="18" fontWeight="800" fill="var(--black)">
        {initials}
      </text>
    </svg>
  );
}

function hashCode(text: string): number {
  let hash = 2166136261;
  for (const char of text) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}
