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
 * equations (OMML), tables, pictures with their alt text, MathType formulas (an OLE object
 * showing its WMF preview, which the package cannot write: put in afterwards as Word writes
 * it), and Word's automatic numbering of "Câu %1:" and of A–D.
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
  | { picture: Uint8Array; alt?: string; type?: "png" | "jpg" }
  /** A MathType formula: its preview picture, a WMF. */
  | { mathType: Uint8Array };

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
  const previews: Uint8Array[] = [];
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
    sections: [{ children: blocks.map((block) => toBlock(block, previews)) }],
  });
  return stabilize(await withMathType(await Packer.toBuffer(document), previews));
}

/** Text standing where the n-th MathType object goes, until the package is written. */
const MATHTYPE_MARKER = "MATHTYPE-OBJECT-";

function toBlock(block: DocxBlockSpec, previews: Uint8Array[]): Paragraph | Table {
  const toRun = (run: DocxRunSpec) => runOf(run, previews);
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

function runOf(run: DocxRunSpec, previews: Uint8Array[]): ParagraphChild {
  if (typeof run === "string") return new TextRun(run);
  if ("tab" in run) return new TextRun({ children: [new Tab()] });
  if ("math" in run) return new MathBlock({ children: run.math });
  if ("picture" in run) {
    return new ImageRun({
      type: run.type ?? "png",
      data: run.picture,
      transformation: { width: 240, height: 160 },
      altText: run.alt === undefined ? undefined : { name: "Hình", description: run.alt },
    });
  }
  if ("mathType" in run) {
    previews.push(run.mathType);
    return new TextRun(`${MATHTYPE_MARKER}${previews.length}`);
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

/**
 * The package with each MathType marker's run replaced by the object as Word writes it (the
 * preview as a VML picture of word/media/mathtypeN.wmf, and the OLE object's description), the
 * previews added with their relationships and content type.
 */
async function withMathType(bytes: Buffer, previews: Uint8Array[]): Promise<Buffer> {
  if (previews.length === 0) return bytes;
  const zip = await JSZip.loadAsync(bytes);
  let document = await zip.file("word/document.xml")!.async("string");
  let relationships = await zip.file("word/_rels/document.xml.rels")!.async("string");
  previews.forEach((preview, index) => {
    const n = index + 1;
    const marker = document.indexOf(`>${MATHTYPE_MARKER}${n}<`);
    const start = document.lastIndexOf("<w:r>", marker);
    const end = document.indexOf("</w:r>", marker) + "</w:r>".length;
    document = document.slice(0, start) + mathTypeRun(n) + document.slice(end);
    relationships = relationships.replace(
      "</Relationships>",
      `<Relationship Id="rIdMathType${n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/mathtype${n}.wmf"/></Relationships>`,
    );
    zip.file(`word/media/mathtype${n}.wmf`, preview);
  });
  const types = await zip.file("[Content_Types].xml")!.async("string");
  zip.file(
    "[Content_Types].xml",
    types.replace("</Types>", `<Default Extension="wmf" ContentType="image/x-wmf"/></Types>`),
  );
  zip.file("word/document.xml", withNamespaces(document));
  zip.file("word/_rels/document.xml.rels", relationships);
  return zip.generateAsync({ type: "nodebuffer" });
}

function mathTypeRun(n: number): string {
  return (
    `<w:r><w:rPr><w:position w:val="-6"/></w:rPr><w:object w:dxaOrig="600" w:dyaOrig="300">` +
    `<v:shape id="_x0000_i10${n}" type="#_x0000_t75" style="width:30pt;height:15pt" o:ole="">` +
    `<v:imagedata r:id="rIdMathType${n}" o:title=""/></v:shape>` +
    `<o:OLEObject Type="Embed" ProgID="Equation.DSMT4" ShapeID="_x0000_i10${n}" DrawAspect="Content" ObjectID="_17000000${n}"/>` +
    `</w:object></w:r>`
  );
}

/** The VML namespaces on w:document, where the package has not declared them already. */
function withNamespaces(document: string): string {
  const wanted = {
    "xmlns:v": "urn:schemas-microsoft-com:vml",
    "xmlns:o": "urn:schemas-microsoft-com:office:office",
  };
  const open = document.indexOf("<w:document");
  const close = document.indexOf(">", open);
  let tag = document.slice(open, close);
  for (const [name, value] of Object.entries(wanted)) {
    if (!tag.includes(`${name}=`)) tag += ` ${name}="${value}"`;
  }
  return document.slice(0, open) + tag + document.slice(close);
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
