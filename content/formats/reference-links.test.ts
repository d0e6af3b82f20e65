import { describe, expect, it } from "vitest";
import { renderRichText } from "#content/rich-text.ts";
import { parseCsv } from "./csv.ts";
import { parseJsonBank } from "./json.ts";

/**
 * Question banks: a reference link is clicked by students, so it must be
 * an http(s) address in every format (CSV accepted `javascript:`, `data:` and `vbscript:`), and
 * a formula may not draw something the size of the page.
 */
const HOSTILE_LINKS = [
  "javascript:alert(document.cookie)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "/relative/path",
  "Giáo trình Cơ sở dữ liệu, chương 3",
];

describe("reference links must be http(s) in every format", () => {
  it("CSV: refused at its line, with a Vietnamese message", () => {
    for (const link of HOSTILE_LINKS) {
      const csv = `question,answer_a,answer_b,keys,reference\nCâu hỏi?,Đúng,Sai,A,"${link}"\n`;
      const { problems } = parseCsv(csv, "x.csv");
      expect(problems, link).toEqual([
        expect.objectContaining({
          line: 2,
          severity: "error",
          message: expect.stringContaining(
            "chỉ nhận địa chỉ web bắt đầu bằng http:// hoặc https://",
          ),
        }),
      ]);
    }
    const ok = parseCsv(
      "question,answer_a,answer_b,keys,reference\nCâu hỏi?,Đúng,Sai,A,https://vi.wikipedia.org/wiki/SQL\n",
      "x.csv",
    );
    expect(ok.problems).toEqual([]);
  });

  it("JSON: refused too", () => {
    for (const link of HOSTILE_LINKS) {
      const bank = {
        subject: { code: "mon", name: "Môn", description: "", keywords: [] },
        practices: [
          {
            code: "de",
            title: "Đề",
            description: "",
            questions: [
              {
                text: "Câu hỏi?",
                answers: [
                  { text: "Đúng", key: true },
                  { text: "Sai", key: false },
                ],
                reference: link,
              },
            ],
          },
        ],
      };
      const { problems } = parseJsonBank(JSON.stringify(bank), "x.json");
      expect(problems.length, link).toBeGreaterThan(0);
    }
  });
});

describe("KaTeX limits", () => {
  it("caps sizes: \\rule{100000em}{100000em} cannot cover the page", () => {
    const html = renderRichText("Hình $\\rule{100000em}{100000em}$ to");
    // (The source stays in the MathML annotation, as text.)
    const widths = [
      ...html.matchAll(/(?:width|height|border-right-width|border-top-width):\s*([\d.]+)em/g),
    ].map((m) => Number(m[1]));
    expect(Math.max(0, ...widths)).toBeLessThanOrEqual(10);
  });

  it("runs no trusted command and stops an expansion bomb", () => {
    const link = renderRichText("$\\href{javascript:alert(1)}{x}$");
    expect(link).not.toMatch(/<a |href=/);
    const bomb = `$${"\\def\\a{\\a\\a}".repeat(1)}\\a$`;
    expect(() => renderRichText(bomb)).not.toThrow();
  });
});
