// npm run bench:own-preview — what one pause in typing costs the server in "Tạo đề của tôi"
// (ADR 0014), and what the attackers' inputs cost (ADR 0015):
//
// 1. the preview of the largest text allowed (2 MB of "Câu n" text, a formula in every
//    question), on the event loop as it used to run and through the parse pool as it runs now
//    (the pool's overhead: a thread hop and the answer's structured clone); median and max of
//    RUNS (default 9) after one warm-up, and the size of the JSON answer;
// 2. each hostile text and Word file, through the pool (answered or refused, and how fast);
// 3. a teacher's big Word bank (200 questions, keys underlined, a header table, answers in 2×2
//    tables, equations and 20 pictures): the preview of the dropped file (PARSE_JOBS.previewFile,
//    as the pool's thread runs it), median and max of RUNS; the target is 300 ms;
// 4. with BEFORE=1, the three expressions the issue named, as they were, on its inputs
//    (about 80 s: the "before" of 2).
import { performance } from "node:perf_hooks";
import { OWN_PRACTICE_MAX_BYTES, OWN_PRACTICE_MAX_QUESTIONS } from "#base/limits.ts";
import sharp from "sharp";
import { previewOwnText } from "#content/own-preview.ts";
import { PARSE_JOBS } from "#content/parse-jobs.ts";
import { createParsePool, isParseRefusal, sourceParseWorker } from "#content/parse-pool.ts";
import {
  HOSTILE_TEXTS,
  manyParagraphsDocx,
  nestedSdtDocx,
} from "#tests/support/hostile-parse-inputs.ts";
import { benchBankDocx } from "#tests/support/real-banks.ts";

const RUNS = Number(process.env.RUNS ?? 9);
const filler = "Nội dung câu hỏi về cơ sở dữ liệu và mạng máy tính ".repeat(14);
const question = (n: number) =>
  `Câu ${n}: ${filler}$x^${n % 9} + y$\nA. Phương án một ${n}\nB. Phương án hai ${n}\n` +
  `C. Phương án ba ${n}\nD. Phương án bốn ${n}\nĐáp án: B\n`;

let text = "";
let count = 0;
while (count < OWN_PRACTICE_MAX_QUESTIONS) {
  const next = question(count + 1);
  if (Buffer.byteLength(text + next) > OWN_PRACTICE_MAX_BYTES) break;
  text += next;
  count += 1;
}

async function measure(run: () => unknown): Promise<{ median: number; max: number }> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, max: times.at(-1)! };
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

const direct = await measure(() => previewOwnText({ text }));
const bytes = Buffer.byteLength(JSON.stringify(previewOwnText({ text })));
const pool = createParsePool({ ...sourceParseWorker(), threads: 1, timeLimitMs: 60_000 });
const pooled = await measure(() => pool.run("previewText", { text }));
console.log(
  `${count} questions, ${(Buffer.byteLength(text) / 1024 / 1024).toFixed(2)} MB of text, ` +
    `answer ${(bytes / 1024 / 1024).toFixed(1)} MB of JSON:\n` +
    `  on the event loop: median ${ms(direct.median)}, max ${ms(direct.max)}\n` +
    `  through the pool:  median ${ms(pooled.median)}, max ${ms(pooled.max)} ` +
    `(overhead ${ms(pooled.median - direct.median)})`,
);
await pool.close();

// Photo-like pictures (noise does not compress), each its own: Word stores one copy of a
// picture used twice.
const WORD_PICTURES = 20;
const pictures = await Promise.all(
  Array.from({ length: WORD_PICTURES }, (_, index) =>
    sharp({
      create: {
        width: 240,
        height: 160,
        channels: 3,
        background: { r: 200, g: 10 * index, b: 120 },
        noise: { type: "gaussian", mean: 100 + index, sigma: 24 },
      },
    })
      .png()
      .toBuffer(),
  ),
);
const WORD_QUESTIONS = 200;
const wordBank = await benchBankDocx(WORD_QUESTIONS, pictures);
const previewWord = () => PARSE_JOBS.previewFile({ bytes: wordBank, fileName: "de-lon.docx" });
const wordAnswer = await previewWord();
const wordTime = await measure(previewWord);
const wordErrors = wordAnswer.preview?.problems.filter((p) => p.severity === "error").length ?? 0;
console.log(
  `Word file of ${WORD_QUESTIONS} questions, tables, equations and ${WORD_PICTURES} pictures ` +
    `(${(wordBank.length / 1024 / 1024).toFixed(2)} MB), preview of the dropped file:\n` +
    `  median ${ms(wordTime.median)}, max ${ms(wordTime.max)} (target: median ≤ 300 ms); ` +
    `read ${wordAnswer.preview?.questions.length ?? 0} questions, ${wordErrors} errors`,
);

// The server's own limits for the hostile inputs: the answer or the refusal a student gets.
const bounded = createParsePool(sourceParseWorker());
await bounded.run("previewText", { text: "Câu 1: x" });
const files = {
  "Word: 20 MB of paragraphs": await manyParagraphsDocx(20),
  "Word: a million nested controls": await nestedSdtDocx(1_000_000),
  "Word: 7 MB of paragraphs (under the caps)": await manyParagraphsDocx(7),
};
console.log(
  "hostile inputs through the pool (time limit, heap cap and caps of content/parse-limits.ts):",
);
for (const [name, hostile] of Object.entries(HOSTILE_TEXTS)) {
  await report(name, () => bounded.run("previewText", { text: hostile }));
}
for (const [name, docx] of Object.entries(files)) {
  await report(name, () => bounded.run("previewFile", { bytes: docx, fileName: "de.docx" }));
}
await bounded.close();

async function report(name: string, run: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  let outcome: string;
  try {
    const answer = (await run()) as { text?: string | null; notes?: { message: string }[] };
    outcome = answer.text === null ? `refused: ${answer.notes?.[0]?.message}` : "answered";
  } catch (error) {
    if (!isParseRefusal(error)) throw error;
    outcome = `stopped (${error.reason})`;
  }
  console.log(`  ${name}: ${ms(performance.now() - started)}, ${outcome.slice(0, 70)}`);
}

if (process.env.BEFORE) {
  // The expressions as they were (content/rich-text.ts, content/formats/moodle-xml.ts,
  // content/formats/vi-text.ts before ADR 0015), on ADR 0015's inputs.
  const OLD = {
    INLINE: /`([^`\n]+)`|\$(?!\s)((?:\\\$|[^$\n])+?)(?<!\s)\$(?!\d)/g,
    UNSAFE_DOCTYPE: /<!DOCTYPE\b[^>[]*(?:\b(?:SYSTEM|PUBLIC)\b|\[[\s\S]*?<!ENTITY\b)/iu,
    QUESTION:
      /^(?:\*\*|__)?\s*câu\s+\d+\s*(?:\([^)]*\)\s*)?(?:\*\*|__)?\s*[:.)]\s*(?:\*\*|__)?\s*(.*)$/iu,
  };
  console.log("before (the expressions the issue named, on the event loop):");
  const time = (name: string, run: () => unknown) => {
    const started = performance.now();
    run();
    console.log(`  ${name}: ${ms(performance.now() - started)}`);
  };
  time("escapedDollars (INLINE)", () => [...HOSTILE_TEXTS.escapedDollars.matchAll(OLD.INLINE)]);
  time("doctypes (UNSAFE_DOCTYPE)", () => OLD.UNSAFE_DOCTYPE.exec(HOSTILE_TEXTS.doctypes));
  time("questionSpaces (QUESTION)", () => OLD.QUESTION.exec(HOSTILE_TEXTS.questionSpaces.trim()));
}
