import katex from "katex";
import { describe, expect, it } from "vitest";
import { ommlToLatex } from "./omml-latex.ts";
import { type XmlNode, childrenOf, parseXml } from "./xml.ts";

const NAMESPACES =
  'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" ' +
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** The children of an m:oMath holding `body`, as the Word reader hands them over. */
function convert(body: string) {
  const [math] = parseXml(`<m:oMath ${NAMESPACES}>${body}</m:oMath>`);
  return ommlToLatex(math ? childrenOf(math) : []);
}

/**
 * KaTeX as the app renders formulas, strict about everything but letters it has no metrics
 * for (Vietnamese ả, ệ in \text{…}), which it still draws.
 */
function render(latex: string): string {
  return katex.renderToString(latex, {
    throwOnError: true,
    maxSize: 10,
    maxExpand: 1000,
    trust: false,
    strict: (code: string) => (code === "unknownSymbol" ? "ignore" : "error"),
  });
}

function expectLatex(body: string, latex: string): void {
  const result = convert(body);
  expect(result).toEqual({ latex, unsupported: [] });
  expect(() => render(latex)).not.toThrow();
}

// Runs as Word writes them: fonts and properties around every piece of text.
const CTRL =
  '<m:ctrlPr><w:rPr><w:rFonts w:ascii="Cambria Math" w:hAnsi="Cambria Math"/><w:i/></w:rPr></m:ctrlPr>';
const run = (text: string, properties = "") =>
  `<m:r>${properties}<w:rPr><w:rFonts w:ascii="Cambria Math" w:hAnsi="Cambria Math"/><w:sz w:val="26"/></w:rPr><m:t xml:space="preserve">${text}</m:t></m:r>`;
const upright = (text: string) => run(text, '<m:rPr><m:sty m:val="p"/></m:rPr>');
const normal = (text: string) => run(text, "<m:rPr><m:nor/></m:rPr>");
const arg = (tag: string, content: string) => `<m:${tag}>${content}${CTRL}</m:${tag}>`;
const fraction = (numerator: string, denominator: string, type?: string) =>
  `<m:f><m:fPr>${type ? `<m:type m:val="${type}"/>` : ""}${CTRL}</m:fPr>${arg("num", numerator)}${arg("den", denominator)}</m:f>`;
const sup = (base: string, script: string) =>
  `<m:sSup><m:sSupPr>${CTRL}</m:sSupPr>${arg("e", base)}${arg("sup", script)}</m:sSup>`;
const sub = (base: string, script: string) =>
  `<m:sSub><m:sSubPr>${CTRL}</m:sSubPr>${arg("e", base)}${arg("sub", script)}</m:sSub>`;
const delimited = (content: string, open?: string, close?: string) =>
  `<m:d><m:dPr>${open === undefined ? "" : `<m:begChr m:val="${open}"/>`}${close === undefined ? "" : `<m:endChr m:val="${close}"/>`}${CTRL}</m:dPr>${arg("e", content)}</m:d>`;
const eqArr = (...rows: string[]) =>
  `<m:eqArr><m:eqArrPr><m:ctrlPr><w:rPr><w:i/></w:rPr></m:ctrlPr></m:eqArrPr>${rows.map((row) => arg("e", row)).join("")}</m:eqArr>`;

describe("ommlToLatex: text", () => {
  it("keeps letters, digits and operators as math, with no Word properties in it", () => {
    expectLatex(run("2x+1=5"), "2x+1=5");
  });

  it("writes math symbols as commands, with a space before a letter", () => {
    expectLatex(run("α≤x≠β×y÷2±1→∞"), "\\alpha\\le x\\ne\\beta\\times y\\div 2\\pm 1\\to\\infty");
    expectLatex(
      run("x∈ℝ, A∪B⊂C∩D, ∅, ∀x∃y, a⇒b⇔c, ΔABC, AB⊥CD"),
      "x\\in\\mathbb{R},A\\cup B\\subset C\\cap D,\\varnothing,\\forall x\\exists y,a\\Rightarrow b\\Leftrightarrow c,\\Delta ABC,AB\\perp CD",
    );
  });

  it("writes degrees and primes as superscripts", () => {
    expectLatex(run("30°+f′(x)"), "30^{\\circ}+f'(x)");
    expectLatex(sup(run("x"), run("2")) + run("°"), "x^{2}{}^{\\circ}");
  });

  it("escapes LaTeX's special characters", () => {
    expectLatex(run("50%·a_b{c}#$&amp;~\\"), "50\\%\\cdot a\\_b\\{c\\}\\#\\$\\&\\sim\\backslash");
    expectLatex(
      normal("50% & {x}_1 ~ ^"),
      "\\text{50\\% \\& \\{x\\}\\_1 \\textasciitilde{} \\textasciicircum{}}",
    );
  });

  it("keeps Vietnamese words in \\text with the spaces around them", () => {
    expectLatex(run("x là số nguyên dương"), "x\\text{ là số nguyên dương}");
    expectLatex(run("với x&gt;0 thì y≥1"), "\\text{với }x>0\\text{ thì }y\\ge 1");
  });

  it("takes a word of plain letters among Vietnamese words as Vietnamese", () => {
    expectLatex(run("chất tan trong nước"), "\\text{chất tan trong nước}");
    expectLatex(run("tan trong nước"), "\\text{tan trong nước}");
    expectLatex(run("với mọi x, tan x"), "\\text{với mọi }x,\\tan x");
  });

  it("sets normal text (m:nor) upright as text, math symbols still as math", () => {
    expectLatex(normal("Điều kiện: x ≥ 0"), "\\text{Điều kiện: x }\\ge\\text{ 0}");
  });

  it("sets upright runs (m:sty p) in \\mathrm: units and chemical elements", () => {
    expectLatex(run("v=10") + upright("m/s"), "v=10\\mathrm{m}/\\mathrm{s}");
    expectLatex(sub(upright("H"), run("2")) + upright("O"), "\\mathrm{H}_{2}\\mathrm{O}");
  });

  it("braces a decimal comma, which LaTeX would space as punctuation", () => {
    expectLatex(run("x=0,5; (1, 2)"), "x=0{,}5;(1,2)");
  });

  it("writes superscript and subscript characters as scripts", () => {
    expectLatex(run("x²+10⁻³"), "x^{2}+10^{-3}");
    expectLatex(run("H₂SO₄"), "H_{2}SO_{4}");
  });

  it("gives primes after a script a base, but not primes in a row", () => {
    expectLatex(run("f′′(x)"), "f''(x)");
    expectLatex(sub(run("u"), run("n")) + run("′"), "u_{n}{}'");
    expectLatex(sup(run("f′"), run("2")), "{f'}^{2}");
  });

  it("keeps quotes as text and symbols KaTeX knows in math", () => {
    expectLatex(normal("“x”"), "\\text{“x”}");
    expectLatex(run("a⊙b≺c"), "a⊙b≺c");
  });

  it("maps letters of Unicode's math alphabet to plain letters", () => {
    expectLatex(run("𝑥+𝑦=𝟐"), "x+y=2");
  });

  it("drops Word's invisible function application and times characters", () => {
    expectLatex(run("2\u2062x"), "2x");
  });
});

describe("ommlToLatex: structures", () => {
  it("writes a fraction as \\dfrac on the line and \\frac inside a script", () => {
    expectLatex(
      run("Tính ") + fraction(run("6"), run("3")) + run("+"),
      "\\text{Tính }\\dfrac{6}{3}+",
    );
    expectLatex(sup(run("e"), fraction(run("1"), run("2"))), "e^{\\frac{1}{2}}");
    expectLatex(fraction(fraction(run("a"), run("b")), run("c")), "\\dfrac{\\frac{a}{b}}{c}");
  });

  it("writes linear, skewed and bar-less fractions", () => {
    expectLatex(fraction(run("a"), run("b"), "lin"), "a/b");
    expectLatex(fraction(run("a"), run("b"), "skw"), "{}^{a}/_{b}");
    expectLatex(fraction(run("n"), run("k"), "noBar"), "\\genfrac{}{}{0pt}{}{n}{k}");
  });

  it("writes roots, with a degree only when it shows", () => {
    const root = (degree: string, hide: boolean) =>
      `<m:rad><m:radPr>${hide ? '<m:degHide m:val="1"/>' : ""}${CTRL}</m:radPr><m:deg>${degree}</m:deg>${arg("e", run("9"))}</m:rad>`;
    expectLatex(root("", true), "\\sqrt{9}");
    expectLatex(root(run("3"), false), "\\sqrt[3]{9}");
    expectLatex(root("", false), "\\sqrt{9}");
    expectLatex(root(delimited(run("n"), "[", "]"), false), "\\sqrt[{\\left[n\\right]}]{9}");
  });

  it("writes scripts, wrapping a base that is empty or has a script of its own", () => {
    expectLatex(sup(run("x"), run("2")), "x^{2}");
    expectLatex(sub(run("u"), run("n+1")), "u_{n+1}");
    expectLatex(
      `<m:sSubSup>${arg("e", run("x"))}${arg("sub", run("i"))}${arg("sup", run("2"))}</m:sSubSup>`,
      "x_{i}^{2}",
    );
    expectLatex(sup(sup(run("x"), run("2")), run("3")), "{x^{2}}^{3}");
    expectLatex(sup("", run("2")), "{}^{2}");
    expectLatex(
      `<m:sPre>${arg("sub", run("6"))}${arg("sup", run("12"))}${arg("e", upright("C"))}</m:sPre>`,
      "{}_{6}^{12}\\mathrm{C}",
    );
  });

  it("writes delimiters with \\left and \\right, and their separators", () => {
    expectLatex(sup(delimited(run("x+1")), run("2")), "\\left(x+1\\right)^{2}");
    expectLatex(delimited(run("x"), "|", "|"), "\\left|x\\right|");
    expectLatex(delimited(run("a;b"), "[", ")"), "\\left[a;b\\right)");
    expectLatex(delimited(run("x"), "", "|"), "\\left.x\\right|");
    expectLatex(
      `<m:d><m:dPr><m:sepChr m:val=","/></m:dPr>${arg("e", run("a"))}${arg("e", run("b"))}</m:d>`,
      "\\left(a,b\\right)",
    );
    expectLatex(`<m:d>${arg("e", run("a"))}${arg("e", run("b"))}</m:d>`, "\\left(a|b\\right)");
    expectLatex(delimited(run("x"), "{", "}"), "\\left\\{x\\right\\}");
  });

  it("writes a system in a brace as cases, and an array otherwise as aligned", () => {
    expectLatex(
      delimited(eqArr(run("x+y=3"), run("x-y=1")), "{", ""),
      "\\begin{cases}x+y=3 \\\\ x-y=1\\end{cases}",
    );
    expectLatex(
      delimited(eqArr(run("x=1"), run("x=2")), "[", ""),
      "\\left[\\begin{aligned}&x=1 \\\\ &x=2\\end{aligned}\\right.",
    );
    expectLatex(
      eqArr(run("x&amp;=1"), run("y&amp;=2")),
      "\\begin{aligned}x&=1 \\\\ y&=2\\end{aligned}",
    );
    expectLatex(
      delimited(eqArr(run("x&amp;=1"), run("y&amp;=2")), "{", ""),
      "\\begin{cases}x=1 \\\\ y=2\\end{cases}",
    );
  });

  it("counts only a row's own alignment marks: one inside a fraction is an ampersand", () => {
    expectLatex(
      eqArr(run("x") + fraction(run("a&amp;b"), run("2")), run("y&amp;=1")),
      "\\begin{aligned}&x\\dfrac{a\\&b}{2} \\\\ y&=1\\end{aligned}",
    );
  });

  it("writes matrices, as pmatrix or bmatrix inside their brackets", () => {
    const matrix = `<m:m><m:mPr><m:mcs><m:mc><m:mcPr><m:count m:val="2"/><m:mcJc m:val="center"/></m:mcPr></m:mc></m:mcs>${CTRL}</m:mPr><m:mr>${arg("e", run("1"))}${arg("e", run("2"))}</m:mr><m:mr>${arg("e", run("3"))}${arg("e", run("4"))}</m:mr></m:m>`;
    expectLatex(matrix, "\\begin{matrix}1 & 2 \\\\ 3 & 4\\end{matrix}");
    expectLatex(delimited(matrix), "\\begin{pmatrix}1 & 2 \\\\ 3 & 4\\end{pmatrix}");
    expectLatex(delimited(matrix, "[", "]"), "\\begin{bmatrix}1 & 2 \\\\ 3 & 4\\end{bmatrix}");
    expectLatex(delimited(matrix, "|", "|"), "\\begin{vmatrix}1 & 2 \\\\ 3 & 4\\end{vmatrix}");
  });

  it("writes sums and integrals with their limits, hidden ones left out", () => {
    const nary = (properties: string, lower: string, upper: string, body: string) =>
      `<m:nary><m:naryPr>${properties}${CTRL}</m:naryPr>${arg("sub", lower)}${arg("sup", upper)}${arg("e", body)}</m:nary>`;
    expectLatex(
      nary('<m:chr m:val="∑"/><m:limLoc m:val="undOvr"/>', run("i=1"), run("n"), run("i")),
      "\\sum\\limits_{i=1}^{n}i",
    );
    expectLatex(
      nary('<m:limLoc m:val="subSup"/>', run("0"), run("1"), run("x dx")),
      "\\int_{0}^{1}xdx",
    );
    expectLatex(nary("", run("0"), run("1"), run("f(x)")), "\\int_{0}^{1}f(x)");
    expectLatex(
      nary('<m:chr m:val="∬"/><m:subHide m:val="1"/><m:supHide m:val="1"/>', "", "", run("f")),
      "\\iint f",
    );
    expectLatex(
      nary('<m:chr m:val="∏"/>', run("k=1"), run("n"), run("k")),
      "\\prod\\limits_{k=1}^{n}k",
    );
  });

  it("writes functions by name: sin, log with a base, powers, names KaTeX lacks", () => {
    const func = (name: string, body: string) =>
      `<m:func><m:funcPr>${CTRL}</m:funcPr>${arg("fName", name)}${arg("e", body)}</m:func>`;
    expectLatex(func(upright("sin"), run("x")), "\\sin x");
    expectLatex(func(sub(upright("log"), run("2")), run("x")), "\\log_{2}x");
    expectLatex(func(sup(upright("cos"), run("2")), run("x")), "\\cos^{2}x");
    expectLatex(func(upright("tg"), run("α")), "\\operatorname{tg}\\alpha");
    expectLatex(func(upright("ln"), delimited(run("x+1"))), "\\ln\\left(x+1\\right)");
  });

  it("writes limits under lim and max, and over or under anything else", () => {
    const limLow = (base: string, limit: string) =>
      `<m:limLow><m:limLowPr>${CTRL}</m:limLowPr>${arg("e", base)}${arg("lim", limit)}</m:limLow>`;
    const limit = `<m:func><m:funcPr>${CTRL}</m:funcPr>${arg("fName", limLow(upright("lim"), run("x→0")))}${arg("e", fraction(run("sin x"), run("x")))}</m:func>`;
    expectLatex(limit, "\\lim_{x\\to 0}\\dfrac{\\sin x}{x}");
    expectLatex(limLow(run("max"), run("x∈[0;1]")), "\\max_{x\\in[0;1]}");
    expectLatex(limLow(run("A"), run("n")), "\\underset{n}{A}");
    expectLatex(
      `<m:limUpp>${arg("e", run("→"))}${arg("lim", run("t°"))}</m:limUpp>`,
      "\\xrightarrow{t^{\\circ}}",
    );
    expectLatex(
      `<m:limUpp>${arg("e", run("B"))}${arg("lim", run("k"))}</m:limUpp>`,
      "\\overset{k}{B}",
    );
  });

  it("writes accents narrow over one letter and wide over more", () => {
    const accent = (character: string | undefined, base: string) =>
      `<m:acc><m:accPr>${character === undefined ? "" : `<m:chr m:val="${character}"/>`}${CTRL}</m:accPr>${arg("e", base)}</m:acc>`;
    expectLatex(accent("\u20d7", run("a")), "\\vec{a}");
    expectLatex(accent("\u20d7", run("AB")), "\\overrightarrow{AB}");
    expectLatex(accent(undefined, run("ABC")), "\\widehat{ABC}");
    expectLatex(accent(undefined, run("x")), "\\hat{x}");
    expectLatex(accent("\u0304", run("z")), "\\bar{z}");
    expectLatex(accent("\u0303", run("x")), "\\tilde{x}");
    expectLatex(accent("\u0307", run("x")), "\\dot{x}");
  });

  it("writes bars, group characters, boxes and phantoms", () => {
    const bar = (position: string | undefined) =>
      `<m:bar><m:barPr>${position ? `<m:pos m:val="${position}"/>` : ""}${CTRL}</m:barPr>${arg("e", run("AB"))}</m:bar>`;
    expectLatex(bar("top"), "\\overline{AB}");
    expectLatex(bar(undefined), "\\underline{AB}");
    expectLatex(`<m:groupChr>${arg("e", run("a+b"))}</m:groupChr>`, "\\underbrace{a+b}");
    expectLatex(
      `<m:groupChr><m:groupChrPr><m:chr m:val="⏞"/><m:pos m:val="top"/></m:groupChrPr>${arg("e", run("a+b"))}</m:groupChr>`,
      "\\overbrace{a+b}",
    );
    expectLatex(
      `<m:limLow>${arg("e", `<m:groupChr>${arg("e", run("1+1"))}</m:groupChr>`)}${arg("lim", run("n"))}</m:limLow>`,
      "\\underbrace{1+1}_{n}",
    );
    expectLatex(
      `<m:groupChr><m:groupChrPr><m:chr m:val="→"/><m:vertJc m:val="bot"/></m:groupChrPr>${arg("e", upright("xt"))}</m:groupChr>`,
      "\\xrightarrow{\\mathrm{xt}}",
    );
    expectLatex(`<m:box>${arg("e", run("x"))}</m:box>`, "x");
    expectLatex(`<m:borderBox>${arg("e", run("x=2"))}</m:borderBox>`, "\\boxed{x=2}");
    expectLatex(
      `<m:phant><m:phantPr><m:show m:val="0"/></m:phantPr>${arg("e", run("x"))}</m:phant>`,
      "\\phantom{x}",
    );
    expectLatex(`<m:phant>${arg("e", run("x"))}</m:phant>`, "x");
  });

  it("reads symbols inserted from Word's Symbol font, and names those of other fonts", () => {
    const symbol = (font: string, code: string) =>
      `<m:r><w:sym w:font="${font}" w:char="${code}"/></m:r>`;
    expectLatex(run("x") + symbol("Symbol", "F0B3") + run("0"), "x\\ge 0");
    expectLatex(
      symbol("Symbol", "F061") + symbol("Symbol", "F0CE") + symbol("Symbol", "F0C6"),
      "\\alpha\\in\\varnothing",
    );
    const result = convert(run("x") + symbol("Wingdings", "F0FC"));
    expect(result).toEqual({ latex: "x\\boxed{?}", unsupported: ["w:sym"] });
  });

  it("reads text from a Word run inside the equation, and skips bookmarks and deleted text", () => {
    expectLatex(
      `${run("x")}<w:bookmarkStart w:id="0" w:name="a"/><w:r><w:t xml:space="preserve"> cm</w:t></w:r><w:bookmarkEnd w:id="0"/><w:del><w:r><w:delText>y</w:delText></w:r></w:del>`,
      "x\\text{ cm}",
    );
  });
});

describe("ommlToLatex: what it cannot convert", () => {
  it("keeps the text of an unknown element in place and names the element", () => {
    const result = convert(
      `${run("x=")}<m:unknownThing>${arg("e", run("4\n"))}${arg("e", run("2%"))}</m:unknownThing>`,
    );
    expect(result).toEqual({ latex: "x=\\text{4 2\\%}", unsupported: ["m:unknownThing"] });
    expect(() => render(result.latex)).not.toThrow();
  });

  it("stands a boxed question mark for an element with no text, such as an object", () => {
    const result = convert(
      `${run("x=")}<w:r><w:object><v:shape xmlns:v="urn:v"/></w:object></w:r>`,
    );
    expect(result).toEqual({ latex: "x=\\boxed{?}", unsupported: ["w:object"] });
    expect(() => render(result.latex)).not.toThrow();
  });

  it("keeps the base of an accent it does not know, and names the accent", () => {
    const result = convert(
      `<m:acc><m:accPr><m:chr m:val="☺"/></m:accPr>${arg("e", run("x"))}</m:acc>`,
    );
    expect(result).toEqual({ latex: "x", unsupported: ["m:acc"] });
  });

  it("finds nothing for names and values that are properties of every object", () => {
    const result = convert(
      fraction(run("1"), run("2"), "constructor") +
        run("x", '<m:rPr><m:sty m:val="__proto__"/><m:scr m:val="constructor"/></m:rPr>'),
    );
    expect(result).toEqual({ latex: "\\dfrac{1}{2}x", unsupported: [] });
    // fast-xml-parser refuses such element names; a tree built otherwise may hold them.
    const elements = JSON.parse(
      '[{"constructor": [{"m:r": [{"m:t": [{"#text": "a"}]}]}]}, {"__proto__": []}, {"toString": []}]',
    ) as XmlNode[];
    expect(ommlToLatex(elements)).toEqual({
      latex: "\\text{a}\\boxed{?}\\boxed{?}",
      unsupported: ["constructor", "__proto__", "toString"],
    });
  });

  it("gives an empty formula for no nodes", () => {
    expect(ommlToLatex([])).toEqual({ latex: "", unsupported: [] });
  });
});

describe("ommlToLatex: every structure in every other", () => {
  // A fixed-seed generator: the same equations every run, so a failure can be replayed.
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const TEXTS = ["x", "2", "α", "≤", "°", "′", "&", "là", "%", "{", "_", "^", "~", "\\", "sin"];
  const MORE = ["0,5", " ", "", "→", "∑", "ệ", "|", "(", "]", "a b", "#", "$", "'", "²", "⟦", "“"];
  const text = () => pick(TEXTS) + pick(MORE);
  const property = (tag: string, name: string, values: string[]): XmlNode[] =>
    random() < 0.3 ? [] : [{ [tag]: [{ [name]: [], ":@": { "m:val": pick(values) } }] }];
  const runNode = (): XmlNode => {
    const style = pick(["m:sty", "m:nor", "m:scr", ""]);
    const properties = style
      ? [{ "m:rPr": [{ [style]: [], ":@": { "m:val": pick(["p", "b", "script"]) } }] }]
      : [];
    return { "m:r": [...properties, { "m:t": [{ "#text": text() }] }] };
  };
  const nodes = (depth: number): XmlNode[] =>
    Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
      depth <= 0 ? runNode() : structure(depth - 1),
    );
  const argument = (tag: string, depth: number): XmlNode => ({ [tag]: nodes(depth) });
  const eqArrNode = (depth: number): XmlNode => ({
    "m:eqArr": [argument("m:e", depth), argument("m:e", depth)],
  });
  const matrixNode = (depth: number): XmlNode => ({
    "m:m": [
      { "m:mr": [argument("m:e", depth), argument("m:e", depth)] },
      { "m:mr": [argument("m:e", depth)] },
    ],
  });
  const STRUCTURES: Record<string, (depth: number) => XmlNode> = {
    f: (d) => ({
      "m:f": [
        ...property("m:fPr", "m:type", ["bar", "lin", "skw", "noBar"]),
        argument("m:num", d),
        argument("m:den", d),
      ],
    }),
    rad: (d) => ({
      "m:rad": [
        ...property("m:radPr", "m:degHide", ["1", "0"]),
        argument("m:deg", d),
        argument("m:e", d),
      ],
    }),
    sSup: (d) => ({ "m:sSup": [argument("m:e", d), argument("m:sup", d)] }),
    sSub: (d) => ({ "m:sSub": [argument("m:e", d), argument("m:sub", d)] }),
    sSubSup: (d) => ({
      "m:sSubSup": [argument("m:e", d), argument("m:sub", d), argument("m:sup", d)],
    }),
    sPre: (d) => ({ "m:sPre": [argument("m:sub", d), argument("m:sup", d), argument("m:e", d)] }),
    d: (d) => ({
      "m:d": [
        {
          "m:dPr": [
            { "m:begChr": [], ":@": { "m:val": pick(["(", "[", "{", "", "|", "⟦"]) } },
            { "m:endChr": [], ":@": { "m:val": pick([")", "}", "", "⟧"]) } },
          ],
        },
        { "m:e": pick([() => nodes(d), () => [eqArrNode(d)], () => [matrixNode(d)]])() },
        argument("m:e", d),
      ],
    }),
    nary: (d) => ({
      "m:nary": [
        ...property("m:naryPr", "m:chr", ["∑", "∫", "∯", "⋃", "★"]),
        argument("m:sub", d),
        argument("m:sup", d),
        argument("m:e", d),
      ],
    }),
    func: (d) => ({ "m:func": [argument("m:fName", d), argument("m:e", d)] }),
    limLow: (d) => ({ "m:limLow": [argument("m:e", d), argument("m:lim", d)] }),
    limUpp: (d) => ({ "m:limUpp": [argument("m:e", d), argument("m:lim", d)] }),
    acc: (d) => ({
      "m:acc": [
        ...property("m:accPr", "m:chr", ["\u0302", "\u20d7", "☺", "→"]),
        argument("m:e", d),
      ],
    }),
    bar: (d) => ({
      "m:bar": [...property("m:barPr", "m:pos", ["top", "bot"]), argument("m:e", d)],
    }),
    groupChr: (d) => ({
      "m:groupChr": [
        ...property("m:groupChrPr", "m:chr", ["⏟", "⏞", "→", "⇌", "☺"]),
        argument("m:e", d),
      ],
    }),
    m: matrixNode,
    eqArr: eqArrNode,
    box: (d) => ({ "m:box": [argument("m:e", d)] }),
    borderBox: (d) => ({ "m:borderBox": [argument("m:e", d)] }),
    phant: (d) => ({
      "m:phant": [...property("m:phantPr", "m:show", ["0", "1"]), argument("m:e", d)],
    }),
  };
  const structure = (depth: number): XmlNode => pick(Object.values(STRUCTURES))(depth);

  it("renders in KaTeX whatever Word nests in what, with whatever text", () => {
    const failures: string[] = [];
    for (let round = 0; round < 600; round += 1) {
      const { latex } = ommlToLatex(nodes(round % 4));
      try {
        render(latex);
      } catch (error) {
        failures.push(`${latex}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("ommlToLatex: size", () => {
  /** Fractions nested `depth` deep, built as nodes: Word's files can nest deeper than we parse. */
  const nestedFractions = (depth: number): XmlNode[] => {
    const text = (value: string): XmlNode => ({ "m:r": [{ "m:t": [{ "#text": value }] }] });
    let body: XmlNode = text("x");
    for (let level = 0; level < depth; level += 1) {
      body = { "m:f": [{ "m:num": [body] }, { "m:den": [text("2")] }] };
    }
    return [body];
  };

  it("nests as deep as the reader lets it", () => {
    expect(ommlToLatex(nestedFractions(3)).latex).toBe("\\dfrac{\\frac{\\frac{x}{2}}{2}}{2}");
    const { latex } = ommlToLatex(nestedFractions(256));
    expect(latex.length).toBe(256 * "\\frac{}{2}".length + 2);
    expect(() => render(latex)).not.toThrow();
  });

  it("takes time linear in the size of the equation", () => {
    const fastest = (nodes: XmlNode[]) => {
      let best = Infinity;
      for (let trial = 0; trial < 7; trial += 1) {
        const start = performance.now();
        ommlToLatex(nodes);
        best = Math.min(best, performance.now() - start);
      }
      return best;
    };
    const wide = (depth: number) => Array.from({ length: 40 }, () => nestedFractions(depth)).flat();
    fastest(wide(64));
    // Four times the size: linear work takes about four times as long, quadratic sixteen.
    expect(fastest(wide(256)) / fastest(wide(64))).toBeLessThan(10);
  });
});
