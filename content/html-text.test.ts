import { describe, expect, it } from "vitest";
import { htmlToText, imageWarning } from "./html-text.ts";

describe("htmlToText", () => {
  it("turns breaks and blocks into line breaks, one per boundary", () => {
    expect(htmlToText("<p>Dòng một<br/>dòng hai</p>\n<p>Đoạn hai</p><div>Khối</div>")).toBe(
      "Dòng một\ndòng hai\nĐoạn hai\nKhối",
    );
  });

  it("keeps an empty paragraph as a blank line", () => {
    expect(htmlToText("<p>Một</p><p>&nbsp;</p><p>Hai</p>")).toBe("Một\n\nHai");
  });

  it("fences <pre> blocks, keeping their lines and indentation", () => {
    expect(
      htmlToText(
        '<p>In ra gì?</p><pre class="language-c">if (a &lt; b) {\n    puts("&lt;");\n}</pre><p>Chọn một.</p>',
      ),
    ).toBe('In ra gì?\n```c\nif (a < b) {\n    puts("<");\n}\n```\nChọn một.');
  });

  it("writes inline <code> in backticks and drops other tags", () => {
    expect(htmlToText('Dùng <code>JOIN</code> với <span style="color:red"><b>ON</b></span>')).toBe(
      "Dùng `JOIN` với ON",
    );
  });

  it("decodes named and numeric entities", () => {
    expect(
      htmlToText("Ch&agrave;o &#7913;ng d&#x1EE5;ng: a &le; b &amp;&amp; c&nbsp;&gt; d &unknown;"),
    ).toBe("Chào ứng dụng: a ≤ b && c > d &unknown;");
  });

  it("drops scripts and styles with their content, and keeps a bare “<” as text", () => {
    expect(
      htmlToText("<style>p { color: red }</style><p>1 < 2 và 3 > 2<script>alert(1)</script></p>"),
    ).toBe("1 < 2 và 3 > 2");
  });

  it("writes list items on their own lines", () => {
    expect(htmlToText("<ul><li>Một</li><li>Hai</li></ul>")).toBe("- Một\n- Hai");
  });

  it("keeps a stored picture where it stood as ![alt](picture:REF), its alt without brackets; drops other images", () => {
    const hash = "0123456789abcdef0123456789abcdef";
    expect(
      htmlToText(
        `<p>Xem <IMG SRC="picture:${hash}" alt="Mạch [1] &lt;RC&gt; &amp;\n  nguồn" width="9"> và <img src="https://a.vn/b.png" alt="x"></p><p><img alt="không địa chỉ"><img src='picture:${hash}'></p>`,
      ),
    ).toBe(`Xem ![Mạch 1 <RC> & nguồn](picture:${hash}) và\n![](picture:${hash})`);
  });

  it("strips HTML comments whole, even with “>” inside", () => {
    expect(htmlToText("<p>Giải thích<!-- ghi chú <b>cũ</b> --> ở đây</p>")).toBe(
      "Giải thích ở đây",
    );
  });
});

describe("imageWarning", () => {
  it("words the warning for a dropped image by its name, or as an embedded one", () => {
    expect(imageWarning("a.png")).toBe("Ảnh “a.png” chưa được hỗ trợ nên đã bị bỏ khỏi câu hỏi");
    expect(imageWarning("")).toBe("Ảnh nhúng chưa được hỗ trợ nên đã bị bỏ khỏi câu hỏi");
  });
});
