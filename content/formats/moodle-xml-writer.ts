import { htmlToText } from "#content/html-text.ts";
import { FENCED_BLOCK, findInlineTokens } from "#content/inline-tokens.ts";
import { escapeUTF8 } from "entities";
import type { PictureType } from "#base/pictures.ts";
import { trimEndOf, trimStartOf } from "#base/trim.ts";
import { chaptersNeedDeclaring, isMoodleTrueFalse } from "./moodle-rules.ts";
import type { BankAnswer, BankChapter, BankQuestion } from "./types.ts";

/**
 * A practice as Moodle XML ("Nhập câu hỏi" → "Định dạng Moodle XML"), pictures included
 * (issue 26): what Moodle imports as it is, and what our reader (moodle-xml.ts) reads back to
 * the same questions, so an export re-imports to the same practice.
 *
 * Each text is written as HTML, Moodle's own format: line breaks as <br>, `code` as <code>,
 * fenced blocks as <pre><code class="language-…">, a picture as
 * <img src="@@PLUGINFILE@@/<hash>.<type>"> with its bytes in a base64 <file> inside the element
 * that shows it, as Moodle exports them. $math$ stays as written. The writer reads each HTML back
 * with the reader's own htmlToText: a text that would not come back exactly (a tab, spaces at
 * a line's ends, three blank lines) is written as plain text instead, which Moodle shows as
 * written and our reader keeps whole; one that shows a picture cannot be (plain text carries
 * no picture), so it stays HTML and is reported as changed.
 */

export interface PictureFile {
  hash: string;
  type: PictureType;
  bytes: Uint8Array;
}

export interface MoodleXmlExport {
  text: string;
  /** Question numbers (1-based) Moodle XML cannot hold: Đúng/Sai with statements, and others. */
  skipped: number[];
  /** Questions written, but whose text will read back other than ours (see above). */
  changed: number[];
  /** Questions whose reference link Moodle XML has no place for. */
  withoutReference: number[];
}

interface Writer {
  pictures: ReadonlyMap<string, PictureFile>;
  /** The question being written (its number), and the numbers of those that read back changed. */
  number: number;
  changed: Set<number>;
}

export function writeMoodleXml(
  questions: BankQuestion[],
  chapters: BankChapter[],
  pictures: readonly PictureFile[] = [],
): MoodleXmlExport {
  const writer: Writer = {
    pictures: new Map(pictures.map((picture) => [picture.hash, picture])),
    number: 0,
    changed: new Set(),
  };
  const result: MoodleXmlExport = { text: "", skipped: [], changed: [], withoutReference: [] };
  const bodies = questions.map((question, index) => {
    writer.number = index + 1;
    return questionBody(writer, question);
  });
  const written = questions.filter((_, index) => bodies[index] !== null);
  const blocks = declareChapters(writer, written, chapters);
  let current = blocks.length > 0 ? chapters.length - 1 : undefined;
  questions.forEach((question, index) => {
    const number = index + 1;
    const body = bodies[index];
    if (!body) {
      result.skipped.push(number);
      return;
    }
    const chapter = question.chapter === undefined ? undefined : chapters[question.chapter];
    const target = chapter ? question.chapter : undefined;
    if (target !== current) blocks.push(categoryQuestion(writer, chapter));
    current = target;
    writer.number = number;
    blocks.push(questionElement(writer, question, number, body));
    if (question.reference !== undefined) result.withoutReference.push(number);
  });
  result.changed = [...writer.changed]
    .filter((n) => !result.skipped.includes(n))
    .sort((a, b) => a - b);
  result.text = `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${blocks.join("\n")}${blocks.length > 0 ? "\n" : ""}</quiz>\n`;
  return result;
}

function declareChapters(
  writer: Writer,
  written: BankQuestion[],
  chapters: BankChapter[],
): string[] {
  return chaptersNeedDeclaring(written, chapters)
    ? chapters.map((chapter) => categoryQuestion(writer, chapter))
    : [];
}

/** Moodle writes a "/" inside a category name as "//"; no chapter is the course's "top". */
function categoryQuestion(writer: Writer, chapter: BankChapter | undefined): string {
  const path = `$course$/top${chapter ? `/${chapter.title.replaceAll("/", "//")}` : ""}`;
  const info = chapter?.description
    ? `\n    ${richElement(writer, "info", chapter.description)}`
    : "";
  return `  <question type="category">\n    <category><text>${escapeUTF8(path)}</text></category>${info}\n  </question>`;
}

/** The elements particular to the question's Moodle type; null when Moodle has none for it. */
type Body = { type: string; lines: string[] };

function questionBody(writer: Writer, question: BankQuestion): Body | null {
  if (question.kind === "true_false") return null;
  if (question.kind === "short_answer") return shortAnswerBody(writer, question);
  if (question.answers.length < 2) return null;
  if (isMoodleTrueFalse(question)) return trueFalseBody(writer, question.answers);
  return multichoiceBody(writer, question);
}

function questionElement(writer: Writer, question: BankQuestion, number: number, body: Body) {
  const lines = [
    `  <question type="${body.type}">`,
    `    <name><text>${escapeUTF8(questionName(question, number))}</text></name>`,
    `    ${richElement(writer, "questiontext", question.text)}`,
    ...(question.explanation === undefined
      ? []
      : [`    ${richElement(writer, "generalfeedback", question.explanation)}`]),
    "    <defaultgrade>1</defaultgrade>",
    ...(question.id === undefined ? [] : [`    <idnumber>${escapeUTF8(question.id)}</idnumber>`]),
    ...body.lines.map((line) => `    ${line}`),
    "  </question>",
  ];
  return lines.join("\n");
}

/** What Moodle's question bank lists: the id when there is one, else the text's beginning. */
function questionName(question: BankQuestion, number: number): string {
  if (question.id !== undefined) return question.id;
  const words = question.text
    .replace(/!\[[^\]\n]*\]\(picture:[^)\s]*\)/gu, "")
    .replace(/\s+/gu, " ")
    .trim();
  if (words === "") return `Câu ${number}`;
  return words.length > 60 ? `${words.slice(0, 59)}…` : words;
}

/**
 * One key, or any one of several (single choice, each key 100%). Several that must all be
 * picked: Moodle's multiple-answer question, the keys sharing 100% and a wrong pick -100%, so a
 * student who ticks everything gets nothing there either. The shares must be Moodle grades.
 */
function multichoiceBody(writer: Writer, question: BankQuestion): Body | null {
  const keys = question.answers.filter((answer) => answer.key).length;
  if (keys === 0) return null;
  const single = keys === 1 || question.anyKey === true;
  const share = Number((100 / keys).toFixed(5));
  if (!single && !MOODLE_SHARES.has(share)) return null;
  const answers = question.answers.map((answer) => {
    const fraction = answer.key ? (single ? 100 : share) : single ? 0 : -100;
    return answerElement(writer, fraction, answer, "html");
  });
  return {
    type: "multichoice",
    lines: [
      `<single>${single ? "true" : "false"}</single>`,
      "<shuffleanswers>0</shuffleanswers>",
      "<answernumbering>ABCD</answernumbering>",
      ...answers,
    ],
  };
}

/** 100% shared by 1 to 10 keys, and 20, as Moodle's grade list has them. */
const MOODLE_SHARES = new Set([
  100, 50, 33.33333, 25, 20, 16.66667, 14.28571, 12.5, 11.11111, 10, 5,
]);

function trueFalseBody(writer: Writer, [right, wrong]: BankAnswer[]): Body {
  const word = (answer: BankAnswer | undefined, text: string) =>
    answerElement(
      writer,
      answer?.key ? 100 : 0,
      { text, key: false, feedback: answer?.feedback },
      "plain_text",
    );
  return { type: "truefalse", lines: [word(right, "true"), word(wrong, "false")] };
}

/**
 * Moodle's short answer, case-insensitive (usecase 0) as ours is; or its numerical question when
 * an answer has a tolerance, each number written with a point as Moodle reads it ("0,5" → 0.5).
 * A "*" matches anything in a Moodle short answer, so an answer holding one cannot be written.
 */
function shortAnswerBody(writer: Writer, question: BankQuestion): Body | null {
  const { answers } = question;
  if (answers.length === 0) return null;
  if (answers.some((answer) => answer.tolerance !== undefined)) {
    const numbers = answers.map((answer) => numberOf(answer.text));
    if (numbers.some((number) => number === undefined)) return null;
    return {
      type: "numerical",
      lines: answers.map((answer, index) =>
        answerElement(writer, 100, { ...answer, text: numbers[index]! }, "plain_text", [
          `<tolerance>${answer.tolerance ?? 0}</tolerance>`,
        ]),
      ),
    };
  }
  if (answers.some((answer) => answer.text.includes("*"))) return null;
  return {
    type: "shortanswer",
    lines: [
      "<usecase>0</usecase>",
      ...answers.map((answer) => answerElement(writer, 100, answer, "plain_text")),
    ],
  };
}

function numberOf(text: string): string | undefined {
  const trimmed = text.trim();
  return /^-?\d+(?:[.,]\d+)?$/u.test(trimmed) ? trimmed.replace(",", ".") : undefined;
}

function answerElement(
  writer: Writer,
  fraction: number,
  answer: BankAnswer,
  format: "html" | "plain_text",
  extra: string[] = [],
): string {
  const text =
    format === "html"
      ? richContent(writer, answer.text)
      : { format, inner: `<text>${escapeUTF8(answer.text)}</text>` };
  const feedback = answer.feedback ? [`  ${richElement(writer, "feedback", answer.feedback)}`] : [];
  return [
    `<answer fraction="${fraction}" format="${text.format}">`,
    `  ${text.inner}`,
    ...feedback,
    ...extra.map((line) => `  ${line}`),
    "</answer>",
  ].join("\n    ");
}

/** A rich-text element (<questiontext>, <feedback>, …): its format, its <text> and its files. */
function richElement(writer: Writer, name: string, text: string): string {
  const { format, inner } = richContent(writer, text);
  return `<${name} format="${format}">${inner}</${name}>`;
}

function richContent(writer: Writer, text: string): { format: string; inner: string } {
  const { html, shown } = textToHtml(text, (hash) => writer.pictures.get(hash)?.type);
  const files = shown.flatMap((hash) => {
    const picture = writer.pictures.get(hash);
    if (!picture) return [];
    const base64 = Buffer.from(picture.bytes).toString("base64");
    return [`<file name="${pictureFileName(picture)}" path="/" encoding="base64">${base64}</file>`];
  });
  const exact = htmlToText(html.replace(PLUGIN_FILE_SOURCE, 'src="picture:$1"')) === text;
  if (!exact && shown.length === 0) {
    // Our reader trims a plain text: spaces at its ends would be lost.
    if (text.trim() !== text) writer.changed.add(writer.number);
    return { format: "plain_text", inner: `<text>${escapeUTF8(text)}</text>` };
  }
  if (!exact) writer.changed.add(writer.number);
  return { format: "html", inner: `<text>${escapeUTF8(html)}</text>${files.join("")}` };
}

/** How the reader's file step (moodle-pictures.ts) will have named each picture by then. */
const PLUGIN_FILE_SOURCE = /src="@@PLUGINFILE@@\/([0-9a-f]{32})\.(?:webp|png|gif)"/gu;

function pictureFileName(picture: Pick<PictureFile, "hash" | "type">): string {
  return `${picture.hash}.${picture.type}`;
}

/**
 * Our text as HTML, with the hashes of the pictures it shows, in order, each once; `typeOf`
 * names a picture's file type (a picture it does not know is named a PNG).
 */
function textToHtml(
  text: string,
  typeOf: (hash: string) => PictureType | undefined = () => undefined,
): { html: string; shown: string[] } {
  const shown: string[] = [];
  const parts: string[] = [];
  let last = 0;
  for (const match of text.matchAll(FENCED_BLOCK)) {
    parts.push(flowToHtml(trimBreaks(text.slice(last, match.index)), shown, typeOf));
    const language = match[1] ? ` class="language-${escapeUTF8(match[1])}"` : "";
    parts.push(`<pre><code${language}>${escapeUTF8(match[2] ?? "")}</code></pre>`);
    last = match.index + match[0].length;
  }
  parts.push(flowToHtml(trimBreaks(text.slice(last)), shown, typeOf));
  return { html: parts.join(""), shown };
}

/** Around a fence, our renderer ignores the line breaks; so does HTML around a <pre>. */
function trimBreaks(text: string): string {
  return trimEndOf(trimStartOf(text, "\n"), "\n");
}

function flowToHtml(
  text: string,
  shown: string[],
  typeOf: (hash: string) => PictureType | undefined,
): string {
  if (text === "") return "";
  let html = "";
  let last = 0;
  for (const token of findInlineTokens(text)) {
    html += plainHtml(text.slice(last, token.start));
    if (token.kind === "code") html += `<code>${plainHtml(token.body)}</code>`;
    else if (token.kind === "picture") {
      const hash = token.ref ?? "";
      if (!shown.includes(hash)) shown.push(hash);
      const file = pictureFileName({ hash, type: typeOf(hash) ?? "png" });
      html += `<img src="@@PLUGINFILE@@/${file}" alt="${escapeUTF8(token.body)}">`;
    } else html += plainHtml(text.slice(token.start, token.end));
    last = token.end;
  }
  return `<p>${html + plainHtml(text.slice(last))}</p>`;
}

/** A line break is <br>; a run of spaces keeps its width (HTML would fold it into one). */
function plainHtml(text: string): string {
  return escapeUTF8(text)
    .replace(/ {2,}/gu, (run) => ` ${"&nbsp;".repeat(run.length - 1)}`)
    .replaceAll("\n", "<br>");
}
