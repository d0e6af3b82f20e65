import { z } from "#base/zod.ts";
import type { Bank, BankQuestion, ParseResult, Problem } from "./types.ts";
import { validateQuestions } from "./validate-questions.ts";

/** Our own bank format (content/banks/FORMAT.md; JSON Schema in content/bank.schema.json). */
const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "chỉ gồm chữ thường không dấu, số và dấu gạch ngang");

const AnswerSchema = z.strictObject({
  text: z.string(),
  key: z.boolean(),
  feedback: z
    .string()
    .optional()
    .describe(
      "Shown to a student who picked this answer, after the result; a Đúng/Sai statement's explanation.",
    ),
  tolerance: z
    .number({ error: "sai số phải là một số, ví dụ 0.01" })
    .optional()
    .describe(
      "Short answers only, numeric ones: how far a typed number may be from this one and still be right.",
    ),
});

const QuestionSchema = z.strictObject({
  id: z.string().min(1).max(200).optional(),
  chapter: z.int().min(0).optional(),
  text: z.string(),
  answers: z.array(AnswerSchema),
  anyKey: z
    .boolean()
    .optional()
    .describe(
      "Single choice with several accepted keys: picking any one key is right. Without it, every key must be picked.",
    ),
  kind: z
    .enum(["true_false", "short_answer"], {
      error:
        "chỉ nhận “true_false” (Đúng/Sai) hoặc “short_answer” (trả lời ngắn); câu trắc nghiệm thì bỏ “kind”",
    })
    .optional()
    .describe(
      "Absent: multiple choice. true_false (Đúng/Sai): the answers are 2 to 6 statements, key = the statement is true. short_answer (Trả lời ngắn): every answer is an accepted one, key true, at most 32 characters.",
    ),
  explanation: z.string().optional(),
  reference: z.url({ protocol: /^https?$/ }).optional(),
});

const PracticeSchema = z.strictObject({
  code: slug,
  title: z.string().trim().min(1).max(300),
  description: z.string().max(2000),
  source: z.string().max(500).optional(),
  hidden: z.boolean().optional(),
  chapters: z
    .array(
      z.strictObject({
        title: z.string().trim().min(1).max(300),
        description: z.string().optional(),
      }),
    )
    .optional(),
  questions: z.array(QuestionSchema).min(1),
});

const PictureSourceSchema = z.union([
  z
    .strictObject({ file: z.string().min(1).max(300) })
    .describe("A file beside the bank (our sample banks only; .svg allowed there)."),
  z
    .strictObject({ base64: z.string().min(1) })
    .describe("The picture's bytes, base64: PNG, JPEG, GIF, WebP or TIFF."),
]);

/** A picture's name in a bank file's top-level "pictures". */
export const PICTURE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/u;

export const BankFileSchema = z.strictObject({
  $schema: z.string().optional(),
  pictures: z
    .record(
      z
        .string()
        .regex(PICTURE_NAME, "tên ảnh chỉ gồm chữ không dấu, số, dấu chấm, gạch ngang, gạch dưới"),
      PictureSourceSchema,
    )
    .optional()
    .describe("Pictures the texts show as ![alt](picture:NAME), by NAME."),
  subject: z.strictObject({
    code: slug,
    name: z.string().trim().min(1).max(200),
    description: z.string().max(2000),
    keywords: z.array(z.string().trim().min(1)).default([]),
  }),
  practices: z.array(PracticeSchema).min(1),
});

/** Parses and validates a bank file; every problem is located by practice and question. */
export function parseJsonBank(text: string, file: string): ParseResult<Bank | null> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const line = lineOfJsonError(text, error as Error);
    return {
      value: null,
      problems: [
        {
          file,
          line,
          message: `JSON không hợp lệ: ${(error as Error).message}`,
          severity: "error",
        },
      ],
    };
  }
  return checkBankData(data, file);
}

/**
 * A bank already in memory (read from JSON, or built by the own-practice editor from a text the
 * parse pool read), checked by the bank schema and every question rule: no text is parsed here.
 */
export function checkBankData(data: unknown, file: string): ParseResult<Bank | null> {
  const foreign = describeForeignJson(data);
  if (foreign !== undefined) {
    const message = `Tệp JSON này không phải ngân hàng câu hỏi của Ôn Tập: cần có “subject” và “practices” (xem content/banks/FORMAT.md); ${foreign}`;
    return { value: null, problems: [{ file, line: 1, message, severity: "error" }] };
  }
  const parsed = BankFileSchema.safeParse(data);
  if (!parsed.success) {
    return {
      value: null,
      problems: parsed.error.issues.map((issue) => ({
        file,
        question: questionNumberOf(issue.path),
        message: `${describePath(issue.path)}: ${issue.message}`,
        severity: "error" as const,
      })),
    };
  }
  const bank: Bank = {
    ...(parsed.data.pictures ? { pictureSources: parsed.data.pictures } : {}),
    subject: parsed.data.subject,
    practices: parsed.data.practices.map((practice) => ({
      ...practice,
      questions: practice.questions.map((q): BankQuestion => ({ ...q })),
    })),
  };
  const problems: Problem[] = [];
  const codes = new Set<string>();
  for (const practice of bank.practices) {
    if (codes.has(practice.code)) {
      problems.push({
        file,
        message: `Mã đề “${practice.code}” xuất hiện hai lần`,
        severity: "error",
      });
    }
    codes.add(practice.code);
    for (const problem of validateQuestions(practice.questions, practice.chapters ?? [], file)) {
      problems.push({ ...problem, message: `Đề “${practice.code}”: ${problem.message}` });
    }
  }
  return { value: bank, problems };
}

/**
 * What a JSON file that has neither of our bank's two parts holds instead, in words; undefined
 * for one that has either (its own problems are then located field by field). Zod alone would
 * say "Giá trị không đúng định dạng" of the whole file, which tells a student nothing.
 */
function describeForeignJson(data: unknown): string | undefined {
  if (Array.isArray(data)) return "tệp này là một danh sách";
  if (typeof data !== "object" || data === null) return "tệp này là một giá trị đơn";
  const keys = Object.keys(data);
  if (keys.includes("subject") || keys.includes("practices")) return undefined;
  if (keys.length === 0) return "tệp này trống";
  const shown = keys.slice(0, 5).map((key) => `“${key.slice(0, 40)}”`);
  return `tệp này có ${shown.join(", ")}${keys.length > 5 ? ", …" : ""}`;
}

function questionNumberOf(path: PropertyKey[]): number | undefined {
  const at = path.indexOf("questions");
  const index = at >= 0 ? path[at + 1] : undefined;
  return typeof index === "number" ? index + 1 : undefined;
}

/** ["practices", 0, "questions", 4, "answers"] → "đề 1, câu 5, answers". */
function describePath(path: PropertyKey[]): string {
  const words: string[] = [];
  for (let i = 0; i < path.length; i += 1) {
    const key = path[i];
    const next = path[i + 1];
    if (key === "practices" && typeof next === "number") {
      words.push(`đề ${next + 1}`);
      i += 1;
    } else if (key === "questions" && typeof next === "number") {
      words.push(`câu ${next + 1}`);
      i += 1;
    } else if (key === "answers" && typeof next === "number") {
      words.push(`đáp án ${next + 1}`);
      i += 1;
    } else {
      words.push(String(key));
    }
  }
  return words.join(", ") || "tệp";
}

function lineOfJsonError(text: string, error: Error): number | undefined {
  const position = /position (\d+)/.exec(error.message)?.[1];
  if (!position) return undefined;
  return text.slice(0, Number(position)).split("\n").length;
}
