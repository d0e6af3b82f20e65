import { previewOwnText, type OwnPreview } from "./own-preview.ts";
import { readFileText, type FileText } from "./read-file-text.ts";
import type { ParsedQuestions } from "./formats/types.ts";
import {
  formatOwnPracticeText,
  parseOwnText,
  type OwnTextInput,
  type OwnTextResult,
} from "./parse-own-text.ts";
import { renderRichText, type PictureCatalog } from "./rich-text.ts";
import { readBankFile } from "./read-bank-file.ts";
import { encodePicture } from "./pictures/encode-picture.ts";
import type { PictureMeta } from "#base/pictures.ts";

/**
 * What the parse pool's threads do (content/parse-pool.ts, ADR 0015): every reading of a file
 * or text nobody vouches for, each a plain function of plain data, so its input and answer
 * cross between threads by structured clone.
 */
export interface OwnFilePreview extends FileText {
  preview: OwnPreview | null;
}

export const PARSE_JOBS = {
  /** The live preview of a pasted or edited text. */
  previewText: (input: OwnTextInput): OwnPreview => previewOwnText(input),
  /** A dropped file converted to text (a Word file read off its XML), then its preview. */
  previewFile: async ({
    bytes,
    fileName,
  }: {
    bytes: Uint8Array;
    fileName: string;
  }): Promise<OwnFilePreview> => {
    const converted = await readFileText(bytes, fileName);
    const { pictures } = converted;
    const preview =
      converted.text === null ? null : previewOwnText({ text: converted.text, fileName, pictures });
    return { ...converted, preview };
  },
  /**
   * A save of "Tạo đề của tôi" or of its edit: the text checked as the preview checked it and,
   * when it has no error, the HTML of each of its texts as the importer stores it.
   */
  readOwnSubmission: (input: OwnTextInput): OwnSubmissionRead => {
    const result = parseOwnText(input);
    const clean = !result.problems.some((problem) => problem.severity === "error");
    const pictures = new Map((input.pictures ?? []).map((picture) => [picture.hash, picture]));
    return {
      ...result,
      renderedHtml: clean && result.parsed ? renderAll(result.parsed, pictures) : null,
    };
  },
  /** The texts of one question fixed from reports ("Báo đáp án sai"), rendered as stored. */
  renderTexts: ({
    texts,
    pictures,
  }: {
    texts: readonly string[];
    pictures: readonly PictureMeta[];
  }): Map<string, string> => {
    const catalog = new Map(pictures.map((picture) => [picture.hash, picture]));
    return new Map(texts.map((text) => [text, renderRichText(text, catalog)]));
  },
  /** A stored practice as the text its editor shows (parsed back to choose the lightest). */
  formatOwnPracticeText: (parsed: ParsedQuestions) => formatOwnPracticeText(parsed),
  /** A picture pasted or dropped into the editor, checked and re-encoded for storing. */
  encodePicture: ({ bytes, name }: { bytes: Uint8Array; name: string }) =>
    encodePicture(bytes, name),
  /** One bank file of `npm run import`, read by its extension. */
  readBankFile: ({ bytes, file }: { bytes: Uint8Array; file: string }) => readBankFile(bytes, file),
};

export interface OwnSubmissionRead extends OwnTextResult {
  renderedHtml: Map<string, string> | null;
}

function renderAll(parsed: ParsedQuestions, pictures: PictureCatalog): Map<string, string> {
  const html = new Map<string, string>();
  const add = (text: string | undefined) => {
    if (text && !html.has(text)) html.set(text, renderRichText(text, pictures));
  };
  for (const question of parsed.questions) {
    add(question.text);
    add(question.explanation);
    for (const answer of question.answers) {
      add(answer.text);
      add(answer.feedback);
    }
  }
  return html;
}

export type ParseJobs = typeof PARSE_JOBS;
export type ParseJobName = keyof ParseJobs;

export interface ParseJob<Name extends ParseJobName = ParseJobName> {
  name: Name;
  input: Parameters<ParseJobs[Name]>[0];
}
