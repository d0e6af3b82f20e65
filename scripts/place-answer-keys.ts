/**
 * Where the keys of the sample banks stand.
 *
 *   npx tsx scripts/place-answer-keys.ts          prints, per practice, how often each letter is
 *                                                 the key (the content lint allows at most 40%)
 *   npx tsx scripts/place-answer-keys.ts --write  places the keys and rewrites content/banks
 *
 * The writers put every key first; with "Xáo trộn đáp án" off (the default) picking A every
 * time answered 862 of the 866 one-key questions right. --write puts each question's keys where a question of its kind (same
 * number of answers and keys) in its practice has had the key least often so far, choosing
 * among the least used places by a hash of the question's text: balanced, yet no fixed cycle a
 * student could learn. Keys and distractors keep their own order among themselves, so the
 * result does not depend on where the keys stood before: a second run changes nothing, and
 * questions appended to a practice leave the keys of the earlier ones in place. Moving a key
 * gives the question a new revision on the next import (content/import-bank.ts).
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Bank, BankAnswer, BankPractice } from "../content/formats/types.ts";

const BANKS = new URL("../content/banks/", import.meta.url).pathname;
/** A place may be chosen while it holds at most this many keys more than the least used one. */
const SLACK = 1;

/** FNV-1a, then mulberry32: a small deterministic stream of numbers per question. */
function randomFor(seed: string): () => number {
  let state = 0x811c9dc5;
  for (const char of seed) state = Math.imul(state ^ char.codePointAt(0)!, 0x01000193) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function placeKeys(practice: BankPractice): void {
  const tallies = new Map<string, number[]>();
  for (const question of practice.questions) {
    // A Đúng/Sai question's statements keep their a), b), c)… order and a short answer's
    // accepted answers have no place (ADR 0022): only multiple choice is reordered.
    if (question.kind) continue;
    const keys = question.answers.filter((a) => a.key);
    const others = question.answers.filter((a) => !a.key);
    const size = question.answers.length;
    const kind = `${size}/${keys.length}`;
    const tally = tallies.get(kind) ?? new Array<number>(size).fill(0);
    tallies.set(kind, tally);
    const random = randomFor(`${practice.code}\n${question.text}`);
    const chosen = new Set<number>();
    for (let k = 0; k < keys.length; k++) {
      const free = tally.map((_, at) => at).filter((at) => !chosen.has(at));
      const least = Math.min(...free.map((at) => tally[at]!));
      const candidates = free.filter((at) => tally[at]! <= least + SLACK);
      const at = candidates[Math.floor(random() * candidates.length)]!;
      chosen.add(at);
      tally[at]!++;
    }
    question.answers = tally.map((_, at): BankAnswer =>
      chosen.has(at) ? keys.shift()! : others.shift()!,
    );
  }
}

const letter = (at: number) => String.fromCharCode(65 + at);

function spreadOf(practice: BankPractice): string {
  const single = new Map<number, number>();
  const multi = new Map<number, number>();
  let singleCount = 0;
  let multiCount = 0;
  for (const question of practice.questions) {
    if (question.kind) continue;
    const at = question.answers.flatMap((a, i) => (a.key ? [i] : []));
    const tally = at.length === 1 ? single : multi;
    if (at.length === 1) singleCount++;
    else multiCount++;
    for (const i of at) tally.set(i, (tally.get(i) ?? 0) + 1);
  }
  const row = (tally: Map<number, number>) =>
    [...tally.keys()]
      .sort((a, b) => a - b)
      .map((at) => `${letter(at)} ${tally.get(at)}`)
      .join(", ");
  const most = Math.max(0, ...single.values());
  return (
    `${practice.code.padEnd(26)} ${String(singleCount).padStart(3)} one key: ${row(single)}` +
    ` (most ${Math.round((100 * most) / singleCount)}%)` +
    ` | ${multiCount} several keys, keys at: ${row(multi)}`
  );
}

const write = process.argv.includes("--write");
let total = 0;
let keyFirst = 0;
for (const file of readdirSync(BANKS).filter((name) => name.endsWith(".json"))) {
  const path = join(BANKS, file);
  const bank = JSON.parse(readFileSync(path, "utf8")) as Bank;
  for (const practice of bank.practices) {
    if (write) placeKeys(practice);
    console.log(spreadOf(practice));
    total += practice.questions.length;
    keyFirst += practice.questions.filter((q) => !q.kind && q.answers[0]!.key).length;
  }
  if (write) writeFileSync(path, `${JSON.stringify(bank, null, 2)}\n`);
}
console.log(`The first answer is a key in ${keyFirst} of ${total} questions.`);
