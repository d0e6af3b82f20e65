import { encode } from "uqr";

/**
 * A QR code as one SVG path of its dark modules (1 unit each, runs in a row merged) and its
 * side in units, quiet zone included: drawn by the page itself, no image request, nothing sent
 * to another site.
 */
export function drawQrCode(text: string): { size: number; path: string } {
  const { data, size } = encode(text, { ecc: "M", border: 4 });
  const parts: string[] = [];
  data.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (row[x]) x += 1;
      parts.push(`M${start} ${y}h${x - start}v1h-${x - start}z`);
    }
  });
  return { size, path: parts.join("") };
}
