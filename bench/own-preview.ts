// npm run bench:own-preview — what one pause in typing costs the server in "Tạo đề của tôi"
// (issue 18): the preview of the largest text allowed (2 MB of "Câu n" text, a formula in every
// question), parsed and rendered as POST /my-practices/preview does it; median and max of RUNS
// (default 9) after one warm-up, and the size of the JSON answer.
import { performance } from "node:perf_hooks";
import { OWN_PRACTICE_MAX_BYTES, OWN_PRACTICE_MAX_QUESTIONS } from "#base/limits.ts";
import { previewOwnText } from "#content/own-preview.ts";

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

previewOwnText({ text });
const times: number[] = [];
let bytes = 0;
for (let run = 0; run < RUNS; run += 1) {
  const started = performance.now();
  const preview = previewOwnText({ text });
  times.push(performance.now() - started);
  bytes = Buffer.byteLength(JSON.stringify(preview));
}
times.sort((a, b) => a - b);
console.log(
  `${count} questions, ${(Buffer.byteLength(text) / 1024 / 1024).toFixed(2)} MB of text: ` +
    `median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms; ` +
    `answer ${(bytes / 1024 / 1024).toFixed(1)} MB of JSON`,
);
