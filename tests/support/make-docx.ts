import JSZip from "jszip";

/**
 * A minimal Word document built in the test (no binary fixture): each paragraph is a list of
 * runs; a run is text (optionally formatted as a teacher marks a key: bold, underline, a
 * colour, a highlight; or in a legacy font), a line break inside the paragraph, a tab, an
 * image (a 1×1 PNG, as Word embeds a picture), or raw XML written as is.
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

type DocxRun = TextRun | { break: true } | { tab: true } | { image: true } | { xml: string };

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

/** The other parts a document may have: the content of w:styles and of w:numbering. */
interface DocxParts {
  styles?: string;
  numbering?: string;
}

const NAMESPACES =
  ` xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"` +
  ` xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`;

/** A Word document around the given `<w:body>` XML, as written: hostile shapes included. */
export async function makeDocxOfBody(body: string, parts: DocxParts = {}): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Default Extension="png" ContentType="image/png"/>` +
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
      `<Relationship Id="rIdImage1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image1.png"/>` +
      `</Relationships>`,
  );
  zip.file("word/media/image1.png", PNG_1X1);
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
