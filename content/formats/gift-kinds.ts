import { type AcceptedAnswer, shortAnswerKeys } from "./moodle-rules.ts";
import type { BankAnswer } from "./types.ts";

/*
 * GIFT's short answer ("{=12 =twelve}", "{twelve}") and numerical ("{#1.5:0.1}",
 * "{#=1.5:0.1 =2}", "{#1..2}") as our short answer (issue 27), by Moodle's rules
 * (moodle-rules.ts): answers of 100% are accepted, one of partial credit refuses the question.
 */

interface Choice {
  marker: string;
  raw: string;
}

interface Helpers {
  split: (body: string) => { lead: string; choices: Choice[] };
  weight: (raw: string) => { weight?: number; rest: string };
  at: (text: string, separator: string) => [string, string | undefined];
  read: (source: string) => string;
}

export interface KindAnswers {
  answers: BankAnswer[];
  errors: string[];
  warnings: string[];
}

/** "{=12 =twelve}" or "{twelve}": "=" answers weigh 100%, "%n%" n. */
export function giftShortAnswer(body: string, helpers: Helpers): KindAnswers {
  const { lead, choices } = helpers.split(body);
  const all = lead.trim() === "" ? choices : [{ marker: "=", raw: lead }, ...choices];
  const weighted = all.map(({ raw }): AcceptedAnswer => {
    const { weight, rest } = helpers.weight(raw);
    const [text] = helpers.at(rest, "#");
    return withFeedback({ text: helpers.read(text).trim(), weight: weight ?? 100 }, rest, helpers);
  });
  return shortAnswerKeys(weighted, true);
}

const NUMBER = String.raw`-?\d+(?:\.\d+)?(?:e-?\d+)?`;
const VALUE_TOLERANCE = new RegExp(String.raw`^(${NUMBER})(?::(${NUMBER}))?$`, "iu");
const RANGE = new RegExp(String.raw`^(${NUMBER})\.\.(${NUMBER})$`, "iu");

/** "#1.5:0.1", "#=1.5:0.1 =2", "#1..2" (a range: its middle, half its width as tolerance). */
export function giftNumerical(body: string, helpers: Helpers): KindAnswers {
  const inner = body.trim().slice(1);
  const { lead, choices } = helpers.split(inner);
  const all = lead.trim() === "" ? choices : [{ marker: "=", raw: lead }, ...choices];
  const errors: string[] = [];
  const weighted = all.flatMap(({ raw }): AcceptedAnswer[] => {
    const { weight, rest } = helpers.weight(raw);
    const [value] = helpers.at(rest, "#");
    const number = numberOf(value.trim());
    if (!number) {
      errors.push(
        `Không hiểu đáp số “${value.trim()}” của câu hỏi số (cần dạng 1.5:0.1 hoặc 1..2)`,
      );
      return [];
    }
    return [withFeedback({ ...number, weight: weight ?? 100 }, rest, helpers)];
  });
  const keys = shortAnswerKeys(weighted, false);
  return { ...keys, errors: [...errors, ...keys.errors] };
}

function numberOf(value: string): { text: string; tolerance?: number } | null {
  const range = RANGE.exec(value);
  if (range) {
    const low = Number(range[1]);
    const high = Number(range[2]);
    const middle = Number(((low + high) / 2).toPrecision(12));
    const tolerance = Number((Math.abs(high - low) / 2).toPrecision(12));
    return { text: String(middle), ...(tolerance ? { tolerance } : {}) };
  }
  const exact = VALUE_TOLERANCE.exec(value);
  if (!exact) return null;
  const tolerance = exact[2] === undefined ? 0 : Math.abs(Number(exact[2]));
  return { text: exact[1]!, ...(tolerance ? { tolerance } : {}) };
}

function withFeedback(answer: AcceptedAnswer, rest: string, helpers: Helpers): AcceptedAnswer {
  const [, feedback] = helpers.at(rest, "#");
  const read = feedback === undefined ? "" : helpers.read(feedback);
  if (read !== "") answer.feedback = read;
  return answer;
}
