/**
 * Writes tests/fixtures/pictures/de-co-hinh.docx, the Word file the browser tests drop into
 * "Tạo đề của tôi" (issue 26): four questions, one with a picture in its text, one with
 * pictures as its answers, one with pictures in the cells of an answer table, one with a
 * MathType formula (its WMF preview), each key on an "Đáp án: X" line.
 *
 *   npx tsx scripts/make-picture-fixtures.ts
 *
 * The drawings are ours (SVG written here, rasterized by sharp), and writing the file again
 * gives the same bytes.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import sharp from "sharp";
import { buildDocx, type DocxBlockSpec } from "../tests/support/bank-docx.ts";
import { makeWmf } from "../tests/support/make-docx.ts";

const FOLDER = new URL("../tests/fixtures/pictures/", import.meta.url);

/** One of our drawings, 160 × 120, as the PNG a teacher's Word file holds. */
function drawing(shape: string): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120" viewBox="0 0 160 120">` +
    `<rect width="160" height="120" fill="#ffffff"/>${shape}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

const [triangle, circle, square] = await Promise.all([
  drawing(
    `<polygon points="80,12 148,108 12,108" fill="#f4b400" stroke="#7a5a00" stroke-width="4"/>`,
  ),
  drawing(`<circle cx="80" cy="60" r="48" fill="#4285f4" stroke="#1a4a9a" stroke-width="4"/>`),
  drawing(
    `<rect x="32" y="12" width="96" height="96" fill="#0f9d58" stroke="#075e34" stroke-width="4"/>`,
  ),
]);
/** x², as MathType draws its preview: "x" at the baseline, "2" smaller and raised. */
const xSquared = makeWmf({ text: "x", superscript: "2", lines: 0 });

const blocks: DocxBlockSpec[] = [
  { runs: [{ text: "ĐỀ ÔN TẬP CÓ HÌNH", bold: true }], center: true },
  { runs: ["Câu 1: Hình dưới đây là hình gì?"] },
  { runs: [{ picture: triangle, alt: "Một hình tam giác màu vàng" }] },
  { runs: ["A. Hình tròn"] },
  { runs: ["B. Hình tam giác"] },
  { runs: ["C. Hình vuông"] },
  { runs: ["D. Hình thoi"] },
  { runs: ["Đáp án: B"] },
  { runs: ["Câu 2: Hình nào là hình tròn?"] },
  { runs: ["A. ", { picture: square, alt: "Hình vuông màu xanh lá" }] },
  { runs: ["B. ", { picture: circle, alt: "Hình tròn màu xanh dương" }] },
  { runs: ["C. ", { picture: triangle, alt: "Hình tam giác màu vàng" }] },
  { runs: ["D. Không có hình nào"] },
  { runs: ["Đáp án: B"] },
  { runs: ["Câu 3: Hình nào có bốn cạnh bằng nhau và bốn góc vuông?"] },
  {
    rows: [
      [
        ["A. ", { picture: triangle, alt: "Hình tam giác" }],
        ["B. ", { picture: square, alt: "Hình vuông" }],
      ],
      [["C. ", { picture: circle, alt: "Hình tròn" }], ["D. Cả ba hình"]],
    ],
  },
  { runs: ["Đáp án: B"] },
  { runs: ["Câu 4: Giá trị của biểu thức ", { mathType: xSquared }, " khi x = 3 là"] },
  { runs: ["A. 6"] },
  { runs: ["B. 9"] },
  { runs: ["C. 5"] },
  { runs: ["D. 3"] },
  { runs: ["Đáp án: B"] },
];

mkdirSync(FOLDER, { recursive: true });
writeFileSync(new URL("de-co-hinh.docx", FOLDER), await buildDocx(blocks));
console.log(`de-co-hinh.docx in ${FOLDER.pathname}`);
