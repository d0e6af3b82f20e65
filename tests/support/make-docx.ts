import JSZip from "jszip";

/**
 * A minimal Word document built in the test (no binary fixture): each paragraph is a list of
 * runs; a run is text (optionally formatted as a teacher marks a key: bold, underline, a
 * colour, a highlight; or in a legacy font), a line break inside the paragraph, a tab, an
 * image (a 1×1 PNG, as Word embeds a picture), a picture of the document's `media` with its
 * alt text, a MathType object showing a picture of `media` (its WMF preview), or raw XML
 * written as is.
 */
interface TextRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  /** w:u's value: "single", "double", "none"… */
  underline?: string;
  /** "FF0000", "auto"… */
  colour?: string;
  /** w:highlight's value: "yellow", "none"… */
  highlight?: string;
  font?: string;
  /** A character style's id (w:rStyle). */
  style?: string;
}

/** A picture inline, one of the document's `media` by its file name, as Word writes it. */
interface PictureRun {
  picture: string;
  /** wp:docPr's descr (Word's "Alt Text"). */
  alt?: string;
  title?: string;
}

type DocxRun =
  | TextRun
  | { break: true }
  | { tab: true }
  | { image: true }
  | PictureRun
  | { mathType: string }
  | { xml: string };

export type DocxParagraph = DocxRun[];

const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function runXml(run: DocxRun): string {
  if ("break" in run) return "<w:r><w:br/></w:r>";
  if ("tab" in run) return "<w:r><w:tab/></w:r>";
  if ("image" in run) {
    return (
      `<w:r><w:drawing><wp:inline><wp:extent cx="9525" cy="9525"/><wp:docPr id="1" name="Ảnh"/>` +
      `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
      `<pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="image1.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
      `<pic:blipFill><a:blip r:embed="rIdImage1"/></pic:blipFill></pic:pic>` +
      `</a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`
    );
  }
  if ("picture" in run) return pictureXml(run);
  if ("mathType" in run) return mathTypeXml(run.mathType);
  if ("xml" in run) return run.xml;
  const props = [
    run.style === undefined ? "" : `<w:rStyle w:val="${run.style}"/>`,
    run.font === undefined ? "" : `<w:rFonts w:ascii="${run.font}" w:hAnsi="${run.font}"/>`,
    run.bold ? "<w:b/>" : "",
    run.italic ? "<w:i/>" : "",
    run.colour === undefined ? "" : `<w:color w:val="${run.colour}"/>`,
    run.underline === undefined ? "" : `<w:u w:val="${run.underline}"/>`,
    run.highlight === undefined ? "" : `<w:highlight w:val="${run.highlight}"/>`,
  ].join("");
  return `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ""}<w:t xml:space="preserve">${escapeXml(run.text)}</w:t></w:r>`;
}

/** The relationship id of a file of `media`. */
function mediaId(name: string): string {
  return `rIdMedia_${name.replace(/[^A-Za-z0-9]/gu, "_")}`;
}

function pictureXml(run: PictureRun): string {
  const attributes = [
    `id="7" name="Hình"`,
    run.alt === undefined ? "" : ` descr="${escapeXml(run.alt).replaceAll('"', "&quot;")}"`,
    run.title === undefined ? "" : ` title="${escapeXml(run.title).replaceAll('"', "&quot;")}"`,
  ].join("");
  return (
    `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="1905000" cy="1270000"/>` +
    `<wp:docPr ${attributes}/>` +
    `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
    `<pic:pic><pic:nvPicPr><pic:cNvPr id="7" name="${escapeXml(run.picture)}"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:embed="${mediaId(run.picture)}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="1905000" cy="1270000"/></a:xfrm>` +
    `<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>` +
    `</a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`
  );
}

/** A MathType 6 object as Word keeps it: the preview picture (VML) and the OLE object. */
function mathTypeXml(preview: string): string {
  return (
    `<w:r><w:rPr><w:position w:val="-6"/></w:rPr><w:object w:dxaOrig="560" w:dyaOrig="320">` +
    `<v:shape id="_x0000_i1025" type="#_x0000_t75" style="width:28pt;height:16pt" o:ole="">` +
    `<v:imagedata r:id="${mediaId(preview)}" o:title=""/></v:shape>` +
    `<o:OLEObject Type="Embed" ProgID="Equation.DSMT4" ShapeID="_x0000_i1025" DrawAspect="Content" ObjectID="_1800000001"/>` +
    `</w:object></w:r>`
  );
}

export async function makeDocx(
  paragraphs: DocxParagraph[],
  parts: DocxParts = {},
): Promise<Buffer> {
  return makeDocxOfBody(paragraphs.map((runs) => paragraphXml(runs)).join(""), parts);
}

/** A paragraph's XML; `properties` is its w:pPr's content (a style, a list…). */
export function paragraphXml(runs: DocxParagraph, properties = ""): string {
  const pPr = properties === "" ? "" : `<w:pPr>${properties}</w:pPr>`;
  return `<w:p>${pPr}${runs.map(runXml).join("")}</w:p>`;
}

/** A table's XML: rows of cells, each cell its paragraphs' XML. */
export function tableXml(rows: string[][]): string {
  const cell = (content: string) => `<w:tc><w:tcPr/>${content === "" ? "<w:p/>" : content}</w:tc>`;
  return `<w:tbl><w:tblPr/>${rows.map((row) => `<w:tr>${row.map(cell).join("")}</w:tr>`).join("")}</w:tbl>`;
}

/** A table of plain cells, one paragraph each. */
export function textTableXml(rows: string[][]): string {
  return tableXml(
    rows.map((row) => row.map((text) => paragraphXml(text === "" ? [] : [{ text }]))),
  );
}

/**
 * The other parts a document may have: the content of w:styles and of w:numbering, and files
 * of word/media/ by name (pictures, WMF previews) that picture and MathType runs name.
 */
interface DocxParts {
  styles?: string;
  numbering?: string;
  media?: Record<string, Uint8Array>;
}

const MEDIA_TYPES: Record<string, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  jpg: "image/jpeg",
  gif: "image/gif",
  wmf: "image/x-wmf",
  emf: "image/x-emf",
  svg: "image/svg+xml",
  bin: "application/octet-stream",
};

const NAMESPACES =
  ` xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"` +
  ` xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`;

const IMAGE_RELATIONSHIP =
  "http://schemas.openxmlformats.org/officeDocument/2006/relationships/image";

/** A Word document around the given `<w:body>` XML, as written: hostile shapes included. */
export async function makeDocxOfBody(body: string, parts: DocxParts = {}): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      Object.entries(MEDIA_TYPES)
        .map(([extension, type]) => `<Default Extension="${extension}" ContentType="${type}"/>`)
        .join("") +
      `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>` +
      `</Types>`,
  );
  zip.file(
    "_rels/.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>` +
      `</Relationships>`,
  );
  zip.file(
    "word/_rels/document.xml.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rIdImage1" Type="${IMAGE_RELATIONSHIP}" Target="media/image1.png"/>` +
      Object.keys(parts.media ?? {})
        .map(
          (name) =>
            `<Relationship Id="${mediaId(name)}" Type="${IMAGE_RELATIONSHIP}" Target="media/${name}"/>`,
        )
        .join("") +
      `</Relationships>`,
  );
  zip.file("word/media/image1.png", PNG_1X1);
  for (const [name, bytes] of Object.entries(parts.media ?? {}))
    zip.file(`word/media/${name}`, bytes);
  zip.file(
    "word/document.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
      `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"` +
      ` xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"` +
      ` xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"` +
      ` xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"` +
      ` xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"` +
      ` xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"` +
      ` xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"` +
      ` xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office">` +
      `<w:body>${body}</w:body></w:document>`,
  );
  if (parts.styles !== undefined) {
    zip.file("word/styles.xml", `<w:styles${NAMESPACES}>${parts.styles}</w:styles>`);
  }
  if (parts.numbering !== undefined) {
    zip.file("word/numbering.xml", `<w:numbering${NAMESPACES}>${parts.numbering}</w:numbering>`);
  }
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

/** A plain text, one paragraph a line, as a student's Word file of it would be. */
export function paragraphsOf(text: string): DocxParagraph[] {
  return text.split("\n").map((line) => (line === "" ? [] : [{ text: line }]));
}

/** What a test WMF draws (makeWmf). */
interface WmfSpec {
  /** Written as its characters' low bytes: Windows-1252 ("²" is 0xB2) or the Symbol font's codes. */
  text?: string;
  /** ExtTextOut instead of TextOut, with these advances (logical units) when given. */
  extTextOut?: boolean;
  advances?: number[];
  font?: string;
  /** lfCharSet: 0 ANSI, 2 Symbol. */
  charset?: number;
  /** Without the placeable header (the size is then read in twips from the window). */
  placeable?: boolean;
  /** LineTo records after the text, each one more line drawn, back and forth under it. */
  lines?: number;
  /** A smaller text after it, raised, as MathType writes an exponent. */
  superscript?: string;
  /** Polyline records (a radical's sign), each of this many corners. */
  polylines?: number[];
  /** The placeable header's units per inch: 1440 makes the 600 × 300 frame 40 × 20 px. */
  inch?: number;
}

/**
 * A small real Windows Metafile, written record by record as MathType writes a formula's
 * preview: the placeable header (1440 units an inch), the metafile header, the window, a Times
 * New Roman font, "x²" by TextOut at its baseline, and a black line under it by MoveTo/LineTo.
 * 40 × 20 pixels at 96 dpi.
 */
export function makeWmf(spec: WmfSpec = {}): Uint8Array {
  const chars = Array.from(spec.text ?? "x²", (char) => char.charCodeAt(0) & 0xff);
  const text = spec.extTextOut
    ? record(0x0a32, [230, 60, chars.length, 0, ...bytesToWords(chars), ...(spec.advances ?? [])])
    : record(0x0521, [chars.length, ...bytesToWords(chars), 230, 60]);
  const records: number[][] = [
    record(0x0103, [8]), // SetMapMode MM_ANISOTROPIC
    record(0x020b, [0, 0]), // SetWindowOrg y, x
    record(0x020c, [300, 600]), // SetWindowExt height, width
    record(0x02fb, fontWords(spec.font ?? "Times New Roman", -240, spec.charset ?? 0)), // → object 0
    record(0x012d, [0]), // SelectObject 0
    record(0x0209, [0, 0]), // SetTextColor black
    record(0x0102, [1]), // SetBkMode transparent
    record(0x012e, [24]), // SetTextAlign TA_BASELINE
    text,
    record(0x02fa, [0, 15, 0, 0, 0]), // CreatePenIndirect solid, 15 units wide, black → object 1
    record(0x012d, [1]),
    ...(spec.superscript === undefined ? [] : superscriptRecords(spec.superscript, chars.length)),
    ...(spec.polylines ?? []).map((corners) =>
      record(0x0325, [
        corners,
        ...Array.from({ length: corners }, (_, at) => [
          20 + (at % 500),
          40 + (at % 2) * 200,
        ]).flat(),
      ]),
    ),
    record(0x0214, [270, 40]), // MoveTo y, x
    ...Array.from({ length: spec.lines ?? 1 }, (_, at) =>
      record(0x0213, [270, at % 2 === 0 ? 560 : 40]),
    ),
    record(0x0000, []), // EOF
  ];
  const body = records.flat();
  const objects = spec.superscript === undefined ? 2 : 3;
  const header = [1, 9, 0x300, 0, 0, objects, 0, 0, 0];
  const size = header.length + body.length;
  header[3] = size & 0xffff;
  header[4] = size >>> 16;
  header[6] = Math.max(...records.map((words) => words.length));
  const placeable = [0xcdd7, 0x9ac6, 0, 0, 0, 600, 300, spec.inch ?? 1440, 0, 0];
  const checksum = placeable.reduce((sum, word) => sum ^ word, 0);
  const words = [...(spec.placeable === false ? [] : [...placeable, checksum]), ...header, ...body];
  const bytes = new Uint8Array(words.length * 2);
  const view = new DataView(bytes.buffer);
  words.forEach((word, index) => view.setUint16(index * 2, word & 0xffff, true));
  return bytes;
}

/** A font 140 units high (object 2), and the text in it raised after `after` characters. */
function superscriptRecords(text: string, after: number): number[][] {
  const chars = Array.from(text, (char) => char.charCodeAt(0) & 0xff);
  return [
    record(0x02fb, fontWords("Times New Roman", -140, 0)),
    record(0x012d, [2]),
    record(0x0521, [chars.length, ...bytesToWords(chars), 130, 60 + after * 130]),
  ];
}

/** A record: its size in words (a 32-bit count), its function, its parameters. */
function record(type: number, parameters: number[]): number[] {
  const size = 3 + parameters.length;
  return [size & 0xffff, size >>> 16, type, ...parameters];
}

/** Bytes as little-endian words, the last one padded with 0. */
function bytesToWords(bytes: number[]): number[] {
  const words: number[] = [];
  for (let at = 0; at < bytes.length; at += 2) words.push(bytes[at]! | ((bytes[at + 1] ?? 0) << 8));
  return words;
}

/** A LOGFONT: height, width, escapement, orientation, weight, the flag bytes, a 32-byte name. */
function fontWords(face: string, height: number, charset: number): number[] {
  const name = Array.from({ length: 32 }, (_, at) => (at < face.length ? face.charCodeAt(at) : 0));
  // Italic, underline, strike-out, character set, precisions, quality, pitch and family.
  const flags = [0, 0, 0, charset, 0, 0, 2, 0x12];
  return [height & 0xffff, 0, 0, 0, 400, ...bytesToWords(flags), ...bytesToWords(name)];
}

/** The start of an EMF (its header record with the " EMF" signature), which is not drawn. */
export function makeEmf(): Uint8Array {
  const bytes = new Uint8Array(108);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 1, true); // EMR_HEADER
  view.setUint32(4, 108, true);
  view.setUint32(40, 0x464d4520, true);
  return bytes;
}
