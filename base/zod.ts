import { z } from "zod";
import { sharedVi as vi } from "#base/i18n/vi.ts";

/**
 * Zod with our Vietnamese error map installed. Forms and actions import `z` from here, never
 * from "zod", so the browser and the server give the same messages. A field names itself with
 * `.meta({ label: "Họ và tên" })`; messages then read "Vui lòng nhập họ và tên".
 */
export { z };

type Issue = z.core.$ZodRawIssue;

function labelOf(issue: Issue): string {
  // `schema` is the field's schema (its checks report `inst` = the check itself).
  const candidates = [(issue as { schema?: unknown }).schema, issue.inst];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const meta = z.globalRegistry.get(candidate as z.ZodType);
    if (typeof meta?.label === "string") return meta.label;
  }
  return vi.validation.fallbackLabel;
}

function formatIssue(issue: Issue): string | undefined {
  const label = labelOf(issue);
  const t = vi.validation;
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined || issue.input === null) return t.required(label);
      if (issue.expected === "int") return t.integer(label);
      return t.invalidType(label);
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return min <= 1 ? t.required(label) : t.stringMin(label, min);
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
        return t.numberMin(label, min);
      }
      return t.choice(label);
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return t.stringMax(label, max);
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
        return t.numberMax(label, max);
      }
      return t.choice(label);
    }
    case "invalid_format":
      return issue.format === "email" ? t.email(label) : t.pattern(label);
    case "invalid_value":
    case "invalid_union":
      return t.choice(label);
    default:
      return t.invalidType(label);
  }
}

z.config({ customError: formatIssue });

/** PostgreSQL's `integer`: a larger number fails the query, so the schema refuses it first. */
const INT4_MAX = 2_147_483_647;

/** A whole number every integer column can store (0 … 2^31 − 1); chain `.min()` for more. */
export const storableInt = () => z.number().int().min(0).max(INT4_MAX);

/** Text without NUL, which PostgreSQL cannot store or compare; chain `.min()`/`.max()`. */
export const storableText = () =>
  z.string().refine((value) => !value.includes("\u0000"), { abort: true });
