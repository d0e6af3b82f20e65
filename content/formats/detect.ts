export type BankFormat = "json" | "aiken" | "gift" | "moodle-xml" | "csv" | "vi-text";

const BY_EXTENSION = new Map<string, BankFormat>([
  ["json", "json"],
  ["gift", "gift"],
  ["xml", "moodle-xml"],
  ["csv", "csv"],
  ["aiken", "aiken"],
]);

/**
 * The format of an uploaded file: its extension, and for ".txt" (what Word and Notepad save) its
 * content. Null when we cannot tell; the caller then asks the teacher.
 */
export function detectFormat(fileName: string, text: string): BankFormat | null {
  const extension = /\.([^./\\]+)$/u.exec(fileName)?.[1]?.toLowerCase() ?? "";
  if (extension === "txt") return detectTextFormat(text);
  return BY_EXTENSION.get(extension) ?? null;
}

// A line's leading white space is horizontal only (`^\s*` would walk every following blank
// line again from each one), and the spaces around an optional bold are one run, not two.
const LINE_START = String.raw`^[^\S\n\r\u2028\u2029]*`;
const VI_QUESTION = new RegExp(
  String.raw`${LINE_START}(?:(?:\*\*|__)\s*)?câu\s+\d+\s*(?:(?:\*\*|__)\s*)?[:.)]`,
  "imu",
);
const VI_KEY = new RegExp(
  String.raw`${LINE_START}(?:(?:\*\*|__)\s*)?đáp\s+án(?:\s+đúng)?[^:\n]{0,8}:`,
  "imu",
);
const AIKEN_KEY = /^ANSWER\s*:/mu;
/**
 * A GIFT answer block opens with "=", "~" or "%" after "{", or is {T}/{F}; C code's braces open
 * with statements, so they do not look like one.
 */
const GIFT_ANSWERS = /(?:^|[^\\])\{\s*(?:[=~]|(?:T|F|TRUE|FALSE)\s*\})/mu;
const GIFT_TITLE = new RegExp(String.raw`${LINE_START}::[^\n]+?::`, "mu");

/**
 * The strongest sign first: "Câu N" together with "Đáp án" is unmistakably vi-text (its C code
 * may contain braces), "ANSWER:" is Aiken, then GIFT's answer blocks or titles, then "Câu N" alone.
 */
function detectTextFormat(text: string): BankFormat | null {
  const source = text.normalize("NFC");
  const viQuestions = VI_QUESTION.test(source);
  if (viQuestions && VI_KEY.test(source)) return "vi-text";
  if (AIKEN_KEY.test(source)) return "aiken";
  if (GIFT_ANSWERS.test(source) || GIFT_TITLE.test(source)) return "gift";
  return viQuestions ? "vi-text" : null;
}
