import { XMLParser } from "fast-xml-parser";
import { PARSE_LIMITS } from "../parse-limits.ts";

/**
 * A Word document's XML parts as fast-xml-parser's ordered tree (ADR 0020): order matters in
 * Word (runs, tabs and breaks in a paragraph; the parts of an equation), so every element is
 * `{ [tag]: children, ":@"?: attributes }` and text is `{ "#text": "…" }`, in document order.
 * Attributes keep their prefixes ("w:val"). Values stay strings, spaces are kept as written.
 */
export type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // The zip's inspection already refused anything deeper (docx-zip.ts); the parser's own default
  // (100) would refuse Word's deepest real documents before that.
  maxNestedTags: PARSE_LIMITS.docxXmlDepth + 1,
});

export function parseXml(xml: string): XmlNode[] {
  return parser.parse(xml) as XmlNode[];
}

/** The element's tag ("w:p"), or "#text" for text. */
export function tagOf(node: XmlNode): string {
  for (const key of Object.keys(node)) if (key !== ":@") return key;
  return "";
}

export function childrenOf(node: XmlNode): XmlNode[] {
  const children = node[tagOf(node)];
  return Array.isArray(children) ? (children as XmlNode[]) : [];
}

/** An attribute's value ("w:val"), or undefined. */
export function attributeOf(node: XmlNode, name: string): string | undefined {
  const attributes = node[":@"] as Record<string, unknown> | undefined;
  const value = attributes?.[name];
  return typeof value === "string" ? value : undefined;
}

/** The first child with this tag. */
export function childOf(node: XmlNode, tag: string): XmlNode | undefined {
  return childrenOf(node).find((child) => tagOf(child) === tag);
}

/** The text of a text node; "" for an element. */
export function textOf(node: XmlNode): string {
  const text = node["#text"];
  return typeof text === "string" ? text : "";
}
