import { describe, expect, it } from "vitest";
import { findMathErrors, renderRichText } from "./rich-text.ts";

describe("renderRichText", () => {
  it("escapes everything that is not markup of ours", () => {
    expect(renderRichText('a < b && c > "d" <script>')).toBe(
      "a &lt; b &amp;&amp; c &gt; &quot;d&quot; &lt;script&gt;",
    );
  });

  it("keeps line breaks in plain text", () => {
    expect(renderRichText("Dòng 1\nDòng 2")).toBe("Dòng 1\nDòng 2");
  });

  it("renders fenced code with its language and line breaks", () => {
    const html = renderRichText(
      "Kết quả của truy vấn:\n```sql\nSELECT *\nFROM sv\nWHERE x < 3;\n```\nlà gì?",
    );
    expect(html).toBe(
      'Kết quả của truy vấn:<pre class="code-block" data-lang="sql"><code>SELECT *\nFROM sv\nWHERE x &lt; 3;</code></pre>là gì?',
    );
  });

  it("renders inline code", () => {
    expect(renderRichText('Hàm `printf("%d")` in ra')).toBe(
      "Hàm <code>printf(&quot;%d&quot;)</code> in ra",
    );
  });

  it("renders math with KaTeX (HTML and MathML)", () => {
    const html = renderRichText("Tính $\\binom{5}{2}$.");
    expect(html).toContain('class="katex"');
    expect(html).toContain("<math");
    expect(html.startsWith("Tính ")).toBe(true);
  });

  it("leaves a lone dollar sign as text", () => {
    expect(renderRichText("Giá $5 mỗi cuốn")).toBe("Giá $5 mỗi cuốn");
  });

  it("does not treat dollars inside code as math", () => {
    expect(renderRichText("```sh\necho $HOME $PATH\n```")).toContain("echo $HOME $PATH");
  });
});

describe("findMathErrors", () => {
  it("accepts valid formulas and reports broken ones", () => {
    expect(findMathErrors("$\\frac{1}{2}$ và $p \\rightarrow q$")).toEqual([]);
    expect(findMathErrors("$\\frac{1}{2$")).toHaveLength(1);
  });
});
