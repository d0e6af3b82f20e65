import { XMLParser, XMLValidator } from "fast-xml-parser";
import { serverVi } from "#base/i18n/vi-server.ts";
import {
  type AcceptedAnswer,
  choiceKeys,
  fileUncategorised,
  moodleTypeName,
  shortAnswerKeys,
} from "./moodle-rules.ts";
import {
  type Media,
  htmlMedia,
  mediaKindOf,
  mediaWarning,
  pluginFileKey,
  uniqueMedia,
} from "./moodle-media.ts";
import { prepareText } from "./text-encoding.ts";
import { htmlToText } from "#content/html-text.ts";
import type {
  BankAnswer,
  BankChapter,
  BankQuestion,
  ParseResult,
  ParsedQuestions,
} from "./types.ts";
import {
  type ProblemLog,
  createProblemLog,
  finishParse,
  reportError,
  reportWarning,
  skippedTypeMessage,
} from "./validate-questions.ts";

/**
 * Moodle XML ("Xuất câu hỏi" → "Định dạng Moodle XML"). Only multichoice and truefalse map onto
 * our questions; everything else is reported and skipped so one essay does not block an import.
 */

type XmlNode = Record<string, unknown>;

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  // Keep "007" an id and "1" a text: Moodle values are strings.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => name === "question" || name === "answer" || name === "file",
  captureMetaData: true,
  // Without it, numeric references such as "&#7913;" (ứ) stay undecoded in XML text.
  htmlEntities: true,
});

const META = XMLParser.getMetaDataSymbol() as unknown as symbol;

interface MoodleState {
  log: ProblemLog;
  parsed: ParsedQuestions;
  chapterByPath: Map<string, number>;
  chapter: number | undefined;
  source: string;
  lineStarts: number[];
}

/**
 * Moodle never writes a DOCTYPE with entity declarations or an external DTD; such files are
 * refused before parsing, which keeps out entity blow-ups and reads of local files or URLs.
 * The index of the first such DOCTYPE, or -1. It was one expression,
 * /<!DOCTYPE\b[^>[]*(?:\b(?:SYSTEM|PUBLIC)\b|\[[\s\S]*?<!ENTITY\b)/iu, which searched the
 * rest of the file again from every DOCTYPE (36,000 of them took 10 s); here each DOCTYPE looks
 * up positions found once: the next "[" or ">", the next SYSTEM or PUBLIC, the last <!ENTITY.
 */
export function findUnsafeDoctype(source: string): number {
  const doctypes = [...source.matchAll(/<!DOCTYPE\b/giu)];
  if (doctypes.length === 0) return -1;
  const lastEntity = Math.max(-1, ...[...source.matchAll(/<!ENTITY\b/giu)].map((m) => m.index));
  const externalId = /\b(?:SYSTEM|PUBLIC)\b/giu;
  let external = externalId.exec(source);
  let edge = -1;
  for (const doctype of doctypes) {
    const start = doctype.index + doctype[0].length;
    if (edge < start) edge = nextOf(source, start, "[", ">");
    while (external && external.index < start) external = externalId.exec(source);
    if (external && external.index < edge) return doctype.index;
    if (source[edge] === "[" && lastEntity > edge) return doctype.index;
  }
  return -1;
}

/** The first position at or after `from` holding one of the two characters (the end if none). */
function nextOf(text: string, from: number, first: string, second: string): number {
  const a = text.indexOf(first, from);
  const b = text.indexOf(second, from);
  if (a < 0) return b < 0 ? text.length : b;
  return b < 0 ? a : Math.min(a, b);
}

export function parseMoodleXml(text: string, file: string): ParseResult<ParsedQuestions> {
  const log = createProblemLog(file);
  const source = prepareText(text);
  const parsed: ParsedQuestions = { chapters: [], questions: [] };
  const unsafe = findUnsafeDoctype(source);
  if (unsafe >= 0) {
    const line = source.slice(0, unsafe).split("\n").length;
    reportError(
      log,
      line,
      "Tệp XML có khai báo DOCTYPE với thực thể (<!ENTITY>) hoặc DTD ngoài; Moodle không xuất như vậy nên tệp bị từ chối",
    );
    return { value: parsed, problems: log.problems };
  }
  let document: XmlNode;
  try {
    const invalid = XMLValidator.validate(source);
    if (invalid !== true) {
      reportError(log, invalid.err.line, `Tệp XML bị lỗi cú pháp: ${invalid.err.msg}`);
      return { value: parsed, problems: log.problems };
    }
    document = xmlParser.parse(source) as XmlNode;
  } catch (error) {
    // The parser's own limits (nesting depth, entities): a located refusal, never a crash.
    reportError(log, 1, `Tệp XML không đọc được: ${(error as Error).message}`);
    return { value: parsed, problems: log.problems };
  }
  const quiz = document.quiz;
  if (!isNode(quiz)) {
    reportError(log, 1, "Tệp XML không có thẻ <quiz> của Moodle");
    return { value: parsed, problems: log.problems };
  }
  const state: MoodleState = {
    log,
    parsed,
    chapterByPath: new Map(),
    chapter: undefined,
    source,
    lineStarts: lineStartsOf(source),
  };
  for (const node of nodes(quiz.question)) readQuestionNode(state, node);
  fileUncategorised(parsed);
  return finishParse(parsed, log);
}

function readQuestionNode(state: MoodleState, node: XmlNode): void {
  const type = attribute(node, "type") ?? "";
  const line = lineOf(state, node);
  if (type === "category") {
    state.chapter = readCategory(state, node);
    return;
  }
  const kinds = ["multichoice", "truefalse", "shortanswer", "numerical"];
  if (!kinds.includes(type)) {
    reportWarning(state.log, line, skippedTypeMessage(moodleTypeName(type)));
    return;
  }
  const number = state.parsed.questions.length + 1;
  const question =
    type === "truefalse"
      ? readTrueFalse(state, node, line, number)
      : type === "multichoice"
        ? readMultichoice(state, node, line, number)
        : readShortAnswer(state, node, line, number);
  question.line = line;
  if (state.chapter !== undefined) question.chapter = state.chapter;
  reportMedia(state, node, line, number);
  state.parsed.questions.push(question);
}

function readCategory(state: MoodleState, node: XmlNode): number | undefined {
  const category = child(node, "category");
  const path = plain(category?.text).trim();
  const info = richText(child(node, "info"));
  return chapterForCategory(state.parsed.chapters, state.chapterByPath, path, info);
}

/**
 * "$course$/top/Chương 1" → the chapter titled "Chương 1". Chapters are told apart by their
 * whole path, so "Chương 1/Bài tập" and "Chương 2/Bài tập" stay separate. A bare "top" means
 * the questions that follow have no chapter of their own (fileUncategorised then files them).
 */
export function chapterForCategory(
  chapters: BankChapter[],
  byPath: Map<string, number>,
  path: string,
  description = "",
): number | undefined {
  const segments = categorySegments(path);
  const title = segments[segments.length - 1];
  if (title === undefined) return undefined;
  const key = segments.join("/");
  const known = byPath.get(key);
  if (known !== undefined) return known;
  const chapter: BankChapter = { title };
  if (description !== "") chapter.description = description;
  chapters.push(chapter);
  byPath.set(key, chapters.length - 1);
  return chapters.length - 1;
}

/** Moodle writes a "/" inside a category name as "//". */
function categorySegments(path: string): string[] {
  const segments = path
    .replaceAll("//", "\uE000")
    .split("/")
    .map((segment) => segment.replaceAll("\uE000", "/").trim())
    .filter((segment) => segment !== "");
  const start = segments.findIndex((segment) => !/^\$\w+\$$/u.test(segment) && segment !== "top");
  return start < 0 ? [] : segments.slice(start);
}

/**
 * Moodle's trans_single: <single> written "false", "0" or empty makes a multiple-answer
 * question (every positive-fraction answer must be picked); anything else, or no <single> at
 * all, single choice.
 */
function isSingle(node: XmlNode): boolean {
  if (node.single === undefined) return true;
  const value = plain(node.single).trim();
  return value !== "false" && value !== "0" && value !== "";
}

function readMultichoice(
  state: MoodleState,
  node: XmlNode,
  line: number | undefined,
  number: number,
): BankQuestion {
  const single = isSingle(node);
  const weighted = nodes(node.answer).map((answer) => {
    const feedback = richText(child(answer, "feedback"));
    return {
      text: richText(answer),
      weight: Number(attribute(answer, "fraction") ?? 0),
      ...(feedback === "" ? {} : { feedback }),
    };
  });
  const keys = choiceKeys(weighted, single);
  for (const message of keys.errors) reportError(state.log, line, message, number);
  for (const message of keys.warnings) reportWarning(state.log, line, message, number);
  const question = withCommonFields(node, keys.answers);
  if (keys.anyKey) question.anyKey = true;
  return question;
}

/**
 * <shortanswer> and <numerical> as our short answer, by Moodle's rules (moodle-rules.ts). A
 * case-sensitive short answer (usecase 1) or units that are graded (unitgradingtype ≠ 0 with
 * units) would be marked otherwise here: refused, with the reason.
 */
function readShortAnswer(
  state: MoodleState,
  node: XmlNode,
  line: number | undefined,
  number: number,
): BankQuestion {
  const numerical = attribute(node, "type") === "numerical";
  const weighted = nodes(node.answer).map((answer): AcceptedAnswer => {
    const feedback = richText(child(answer, "feedback"));
    const tolerance = numerical ? Math.abs(Number(plain(answer.tolerance).trim() || 0)) : 0;
    const text = richText(answer).trim();
    return {
      text: numerical && text === "*" ? "" : text,
      weight: Number(attribute(answer, "fraction") ?? 0),
      ...(feedback === "" ? {} : { feedback }),
      ...(tolerance > 0 ? { tolerance } : {}),
    };
  });
  const keys = shortAnswerKeys(weighted, !numerical);
  const errors = [...keys.errors, ...shortAnswerRefusals(node, numerical, keys.answers)];
  for (const message of errors) reportError(state.log, line, message, number);
  for (const message of keys.warnings) reportWarning(state.log, line, message, number);
  if (errors.length > 0) state.log.keyReported.add(number);
  const question = withCommonFields(node, keys.answers);
  question.kind = "short_answer";
  return question;
}

function shortAnswerRefusals(node: XmlNode, numerical: boolean, answers: BankAnswer[]): string[] {
  if (!numerical) {
    const caseMatters = plain(node.usecase).trim() === "1";
    const cased = answers.some((answer) => answer.text.toLowerCase() !== answer.text.toUpperCase());
    return caseMatters && cased
      ? ["Câu trả lời ngắn phân biệt chữ hoa, chữ thường (usecase = 1); ở đây chưa hỗ trợ"]
      : [];
  }
  const messages: string[] = [];
  if (answers.some((answer) => !/^-?\d+(?:[.,]\d+)?(?:e-?\d+)?$/iu.test(answer.text))) {
    messages.push("Câu hỏi số có đáp án không phải là số");
  }
  const units = nodes(child(node, "units")?.unit);
  const graded = (plain(node.unitgradingtype).trim() || "0") !== "0";
  if (units.length > 0 && graded) {
    messages.push(
      "Câu hỏi số chấm cả đơn vị (unitgradingtype khác 0); ở đây chỉ chấm con số, chưa hỗ trợ đơn vị",
    );
  }
  return messages;
}

const TRUE_WORDS = new Set(["true", "đúng"]);
const FALSE_WORDS = new Set(["false", "sai"]);

/**
 * Ours are always "Đúng" then "Sai", the key the answer of fraction 100. Moodle writes "true"
 * and "false"; older exports wrote them in the teacher's language, which Moodle then reads by
 * order, the first as true. We read "Đúng"/"Sai" by their words (in either order), and any
 * other texts by order as Moodle does, saying which answer that made the key.
 */
function readTrueFalse(
  state: MoodleState,
  node: XmlNode,
  line: number | undefined,
  number: number,
): BankQuestion {
  const given = nodes(node.answer);
  const words = given.map((answer) => plain(answer.text).trim().normalize("NFC").toLowerCase());
  const byWord = (set: Set<string>) => given.find((_, index) => set.has(words[index] ?? ""));
  const known = byWord(TRUE_WORDS) !== undefined && byWord(FALSE_WORDS) !== undefined;
  const [first, second] = given;
  const answerOf = known
    ? { true: byWord(TRUE_WORDS), false: byWord(FALSE_WORDS) }
    : { true: first, false: second };
  const read = (answer: XmlNode | undefined, text: string): BankAnswer => {
    const key = Number((answer && attribute(answer, "fraction")) ?? 0) === 100;
    const feedback = answer ? richText(child(answer, "feedback")) : "";
    return feedback === "" ? { text, key } : { text, key, feedback };
  };
  const answers = [read(answerOf.true, "Đúng"), read(answerOf.false, "Sai")];
  if (!known && given.length > 0) {
    const written = given.map((answer) => `“${plain(answer.text).trim()}”`).join(", ");
    const key = answers.find((answer) => answer.key)?.text;
    reportWarning(
      state.log,
      line,
      `Câu đúng/sai có phương án ${written} thay vì “true”/“false”: như Moodle, phương án đầu được hiểu là “Đúng”, phương án sau là “Sai”${key ? `; đáp án là “${key}”` : ""}`,
      number,
    );
  }
  return withCommonFields(node, answers);
}

function withCommonFields(node: XmlNode, answers: BankAnswer[]): BankQuestion {
  const question: BankQuestion = { text: richText(child(node, "questiontext")), answers };
  const explanation = richText(child(node, "generalfeedback"));
  if (explanation !== "") question.explanation = explanation;
  const id = plain(node.idnumber).trim();
  if (id !== "") question.id = id;
  return question;
}

/**
 * Every picture, sound and video the question loses, once each, as a warning: those in its
 * HTML, attached files, and Moodle 1.x's <image>/<image_base64> on the question. A picture its
 * HTML shows from an attached file (@@PLUGINFILE@@) is carried, not lost: the file's reader
 * (moodle-pictures.ts) has already made it `picture:<hash>`. One still addressed so here is an
 * error at its line: its <file> is missing from its element, or the XML was pasted as text
 * rather than read from its file, so nothing could store the picture.
 */
function reportMedia(
  state: MoodleState,
  node: XmlNode,
  line: number | undefined,
  number: number,
): void {
  const media: Media[] = [];
  for (const part of richParts(node)) {
    const files = nodes(part.file);
    const shown = new Set<string>();
    for (const item of isHtml(part) ? htmlMedia(plain(part.text)) : []) {
      const key = item.kind === "image" ? pluginFileKey(item.name) : undefined;
      if (key === undefined) media.push(item);
      else if (!shown.has(key)) {
        shown.add(key);
        const file = files.find((candidate) => attachedFile(candidate).key === key);
        const name = key.split("/").pop() ?? key;
        const message =
          file && plain(file).trim() !== ""
            ? serverVi.pictures.pastedMoodleXml(name)
            : serverVi.pictures.notInMoodleXml(name);
        reportError(state.log, addressLine(state, part, item.name) ?? line, message, number);
      }
    }
    for (const file of files.map(attachedFile)) {
      if (!(file.kind === "image" && file.key !== undefined && shown.has(file.key))) {
        media.push(file);
      }
    }
  }
  const oldStyle = plain(node.image).trim();
  if (oldStyle !== "" || plain(node.image_base64).trim() !== "") {
    media.push({ kind: "image", name: oldStyle });
  }
  for (const item of uniqueMedia(media)) {
    reportWarning(state.log, line, mediaWarning(item), number);
  }
}

/** The elements of a question that hold HTML and may hold files. */
function richParts(node: XmlNode): XmlNode[] {
  const answers = nodes(node.answer);
  return [
    child(node, "questiontext"),
    child(node, "generalfeedback"),
    ...answers,
    ...answers.map((answer) => child(answer, "feedback")),
  ].filter((part): part is XmlNode => part !== undefined);
}

/** The line where an element's HTML names an address: searched from the element's start. */
function addressLine(state: MoodleState, part: XmlNode, address: string): number | undefined {
  const start = startOf(part);
  if (start === undefined) return undefined;
  const at = state.source.indexOf(address, start);
  return at < 0 ? undefined : lineAt(state, at);
}

/** An attached <file>: named by its name; the same file as "@@PLUGINFILE@@/path/name". */
function attachedFile(file: XmlNode): Media {
  const name = attribute(file, "name") ?? "";
  const folder = (attribute(file, "path") ?? "/").replace(/^\/+/u, "");
  return { kind: mediaKindOf(name, "image"), name, key: name === "" ? "" : `${folder}${name}` };
}

function isHtml(node: XmlNode): boolean {
  const format = attribute(node, "format") ?? "html";
  return format === "html" || format === "moodle_auto_format";
}

/** The text of a Moodle rich-text element (<questiontext>, <answer>, …) in our text format. */
function richText(node: XmlNode | undefined): string {
  if (!node) return "";
  const raw = plain(node.text);
  switch (attribute(node, "format") ?? "html") {
    case "html":
      return htmlToText(raw);
    case "moodle_auto_format":
      return htmlToText(raw.replaceAll("\n", "<br>"));
    default:
      return raw.trim();
  }
}

/* ---------------------------------------------------------------- small XML helpers */

function isNode(value: unknown): value is XmlNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function nodes(value: unknown): XmlNode[] {
  return (Array.isArray(value) ? value : [value]).filter(isNode);
}

function child(node: XmlNode, name: string): XmlNode | undefined {
  const value = node[name];
  if (isNode(value)) return value;
  // <generalfeedback/> or a text-only element reads as a string; treat both as text holders.
  return typeof value === "string" ? { text: value } : undefined;
}

function attribute(node: XmlNode, name: string): string | undefined {
  const value = node[`@_${name}`];
  return typeof value === "string" ? value : undefined;
}

/** The text of an element that may have been read as a string or as a node with "#text". */
function plain(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map(plain).join("");
  return isNode(value) ? plain(value["#text"]) : "";
}

function lineStartsOf(source: string): number[] {
  const starts = [0];
  for (let index = source.indexOf("\n"); index >= 0; index = source.indexOf("\n", index + 1)) {
    starts.push(index + 1);
  }
  return starts;
}

function startOf(node: XmlNode): number | undefined {
  const meta = (node as Record<symbol, unknown>)[META] as { startIndex?: number } | undefined;
  return meta?.startIndex;
}

function lineOf(state: MoodleState, node: XmlNode): number | undefined {
  const index = startOf(node);
  return index === undefined ? undefined : lineAt(state, index);
}

function lineAt(state: MoodleState, index: number): number {
  let low = 0;
  let high = state.lineStarts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((state.lineStarts[middle] ?? 0) <= index) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}
