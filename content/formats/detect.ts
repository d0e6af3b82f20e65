export type BankFormat = "json" | "aiken" | "gift" | "moodle-xml" | "csv" | "vi-text";

const BY_EXTENSION = new Map<string, BankFormat>([
  ["json", "json"],
  ["gift", "gift"],
  ["xml", "moodle-xml"],
  ["csv", "csv"],
  ["aiken", "aiken"],
]);

/**
 * The one detector of a file's format, for the editor of "Tạo đề của tôi" and for `npm run
 * import` alike (so both accept the same files): the extension when it names a format; for
 * anything else (".txt", ".docx" once read as text, a pasted text) the content decides: XML
 * and JSON by their first character, CSV by its header row naming the question and answer_a
 * columns, then Aiken or GIFT by their marks, and the "Câu n" layout otherwise, since its
 * messages teach the layout the editor shows.
 */
export function detectFormat(fileName: string | undefined, text: string): BankFormat {
  const extension = /\.([^./\\]+)$/u.exec(fileName ?? "")?.[1]?.toLowerCase() ?? "";
  const byName = BY_EXTENSION.get(extension);
  if (byName) return byName;
  const start = text.trimStart();
  if (start.startsWith("<")) return "moodle-xml";
  if (start.startsWith("{")) return "json";
  if (CSV_HEADER.test(start.split("\n", 1)[0] ?? "")) return "csv";
  return detectTextFormat(text);
}

const CSV_HEADER = /^(?=.*\bquestion\b)(?=.*\banswer_a\b).*[,;]/iu;

// A line's leading white space is horizontal only (`^\s*` would walk every following blank
// line again from each one), and the spaces around an optional bold are one run, not two.
const LINE_START = String.raw`^[^\S\n\r\u2028\u2029]*`;
/** "Câu 1:", "Câu1.", "Câu hỏi 1 -", "Câu 2 [TH]:", "Câu 1 (0,5 điểm):" — as vi-text reads them. */
const VI_QUESTION = new RegExp(
  String.raw`${LINE_START}(?:(?:\*\*|__)\s*)?câu(?:\s+hỏi)?\s*\d+\s*(?:[([][^)\]\n]{0,30}[)\]]\s*)?(?:(?:\*\*|__)\s*)?[:.)\-]`,
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
 * may contain braces), "ANSWER:" is Aiken, then GIFT's answer blocks or titles, then vi-text.
 */
function detectTextFormat(text: string): BankFormat {
  const source = text.normalize("NFC");
  if (VI_QUESTION.test(source) && VI_KEY.test(source)) return "vi-text";
  if (AIKEN_KEY.test(source)) return "aiken";
  if (GIFT_ANSWERS.test(source) || GIFT_TITLE.test(source)) return "gift";
  return "vi-text";
}
