import {
  AlignmentType,
  Document,
  ImageRun,
  LevelFormat,
  Math as MathBlock,
  type MathComponent,
  Packer,
  Paragraph,
  type ParagraphChild,
  Tab,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from "docx";
import JSZip from "jszip";

/**
 * Word documents as Vietnamese teachers write them, through the `docx` package so that the XML
 * is what Word itself writes: runs with underline, colour, bold, highlight and legacy fonts,
 * equations (OMML), tables, pictures, and Word's automatic numbering of "Câu %1:" and of A–D.
 */
export interface RunMarks {
  underline?: boolean;
  /** RRGGBB, e.g. "FF0000". */
  color?: string;
  bold?: boolean;
  highlight?: boolean;
  /** ".VnTime", "VNI-Times"…: the text is then that font's bytes as Latin-1 characters. */
  font?: string;
}

export type DocxRunSpec =
  | string
  | ({ text: string } & RunMarks)
  | { tab: true }
  | { math: MathComponent[] }
  | { picture: Uint8Array };

export interface DocxParagraphSpec {
  runs: DocxRunSpec[];
  center?: boolean;
  /** Word's automatic numbering: "cau" ("Câu %1:") or "phuong-an" ("A.", restarted per instance). */
  numbering?: { reference: "cau" | "phuong-an"; instance?: number };
}

/** A table: rows of cells, each cell one paragraph of runs. */
interface DocxTableSpec {
  rows: DocxRunSpec[][][];
}

export type DocxBlockSpec = DocxParagraphSpec | DocxTableSpec;

/** A fixed date for every part, so a fixture written again is byte for byte the same. */
const FIXED_DATE = new Date("2025-09-05T07:00:00Z");

export async function buildDocx(
  blocks: DocxBlockSpec[],
  options: { font?: string } = {},
): Promise<Buffer> {
  const document = new Document({
    creator: "Giáo viên",
    title: "Đề kiểm tra",
    styles: {
      default: { document: { run: { font: options.font ?? "Times New Roman", size: 26 } } },
    },
    numbering: {
      config: [
        {
          reference: "cau",
          levels: [
            {
              level: 0,
              format: LevelFormat.DECIMAL,
              text: "Câu %1:",
              alignment: AlignmentType.LEFT,
              style: { run: { bold: true } },
            },
          ],
        },
        {
          reference: "phuong-an",
          levels: [
            {
              level: 0,
              format: LevelFormat.UPPER_LETTER,
              text: "%1.",
              alignment: AlignmentType.LEFT,
            },
          ],
        },
      ],
    },
    sections: [{ children: blocks.map(toBlock) }],
  });
  return stabilize(await Packer.toBuffer(document));
}

function toBlock(block: DocxBlockSpec): Paragraph | Table {
  if ("rows" in block) {
    return new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      rows: block.rows.map(
        (cells) =>
          new TableRow({
            children: cells.map(
              (runs) => new TableCell({ children: [new Paragraph({ children: runs.map(toRun) })] }),
            ),
          }),
      ),
    });
  }
  return new Paragraph({
    children: block.runs.map(toRun),
    alignment: block.center ? AlignmentType.CENTER : undefined,
    numbering: block.numbering
      ? { reference: block.numbering.reference, level: 0, instance: block.numbering.instance }
      : undefined,
  });
}

function toRun(run: DocxRunSpec): ParagraphChild {
  if (typeof run === "string") return new TextRun(run);
  if ("tab" in run) return new TextRun({ children: [new Tab()] });
  if ("math" in run) return new MathBlock({ children: run.math });
  if ("picture" in run) {
    return new ImageRun({
      type: "png",
      data: run.picture,
      transformation: { width: 240, height: 160 },
    });
  }
  return new TextRun({
    text: run.text,
    bold: run.bold,
    underline: run.underline ? {} : undefined,
    color: run.color,
    highlight: run.highlight ? "yellow" : undefined,
    font: run.font,
  });
}

/** The package again with fixed dates in the zip and in docProps/core.xml. */
async function stabilize(bytes: Buffer): Promise<Buffer> {
  const source = await JSZip.loadAsync(bytes);
  const zip = new JSZip();
  for (const [name, entry] of Object.entries(source.files)) {
    if (entry.dir) continue;
    let data: string | Uint8Array = await entry.async("uint8array");
    if (name === "docProps/core.xml") {
      data = new TextDecoder()
        .decode(data)
        .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/gu, "2025-09-05T07:00:00Z");
    }
    zip.file(name, data, { date: FIXED_DATE, createFolders: false });
  }
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}
