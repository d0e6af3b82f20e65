/**
 * The characters of Word equations as LaTeX that KaTeX renders: symbols KaTeX may refuse in
 * math mode, or that read better as commands (`\le`, not `≤`), Greek letters, and the
 * delimiters `\left … \right` accepts.
 */

const GREEK: Record<string, string> = {
  α: "\\alpha",
  β: "\\beta",
  γ: "\\gamma",
  δ: "\\delta",
  // Word's ε (U+03B5) is the open form, which LaTeX calls \varepsilon; ϵ is \epsilon.
  ε: "\\varepsilon",
  ϵ: "\\epsilon",
  ζ: "\\zeta",
  η: "\\eta",
  θ: "\\theta",
  ϑ: "\\vartheta",
  ι: "\\iota",
  κ: "\\kappa",
  λ: "\\lambda",
  μ: "\\mu",
  // The micro sign of units (µm, µF) is typed from the keyboard in place of μ.
  µ: "\\mu",
  ν: "\\nu",
  ξ: "\\xi",
  ο: "o",
  π: "\\pi",
  ϖ: "\\varpi",
  ρ: "\\rho",
  ϱ: "\\varrho",
  σ: "\\sigma",
  ς: "\\varsigma",
  τ: "\\tau",
  υ: "\\upsilon",
  // φ (U+03C6) is the open form, \varphi; ϕ (U+03D5) is \phi.
  φ: "\\varphi",
  ϕ: "\\phi",
  χ: "\\chi",
  ψ: "\\psi",
  ω: "\\omega",
  Α: "A",
  Β: "B",
  Γ: "\\Gamma",
  Δ: "\\Delta",
  // The increment sign, which Word's symbol gallery inserts for Δ.
  "∆": "\\Delta",
  Ε: "E",
  Ζ: "Z",
  Η: "H",
  Θ: "\\Theta",
  Ι: "I",
  Κ: "K",
  Λ: "\\Lambda",
  Μ: "M",
  Ν: "N",
  Ξ: "\\Xi",
  Ο: "O",
  Π: "\\Pi",
  Ρ: "P",
  Σ: "\\Sigma",
  Τ: "T",
  Υ: "\\Upsilon",
  Φ: "\\Phi",
  Χ: "X",
  Ψ: "\\Psi",
  Ω: "\\Omega",
  // The ohm sign of physics units.
  "\u2126": "\\Omega",
};

const OPERATORS: Record<string, string> = {
  "×": "\\times",
  "÷": "\\div",
  "·": "\\cdot",
  "⋅": "\\cdot",
  "∙": "\\cdot",
  "−": "-",
  "–": "-",
  "∗": "*",
  "±": "\\pm",
  "∓": "\\mp",
  "≤": "\\le",
  "≥": "\\ge",
  "⩽": "\\leqslant",
  "⩾": "\\geqslant",
  "≠": "\\ne",
  "≈": "\\approx",
  "≡": "\\equiv",
  "≅": "\\cong",
  "∼": "\\sim",
  "∽": "\\backsim",
  "≃": "\\simeq",
  "∝": "\\propto",
  "≪": "\\ll",
  "≫": "\\gg",
  "∘": "\\circ",
  "⊕": "\\oplus",
  "⊗": "\\otimes",
  "∈": "\\in",
  "∉": "\\notin",
  "∋": "\\ni",
  "⊂": "\\subset",
  "⊃": "\\supset",
  "⊆": "\\subseteq",
  "⊇": "\\supseteq",
  "⊄": "\\not\\subset",
  "∪": "\\cup",
  "∩": "\\cap",
  "∖": "\\setminus",
  "∅": "\\varnothing",
  "∀": "\\forall",
  "∃": "\\exists",
  "∄": "\\nexists",
  "¬": "\\neg",
  "∧": "\\land",
  "∨": "\\lor",
  "∴": "\\therefore",
  "∵": "\\because",
  "⊥": "\\perp",
  "∥": "\\parallel",
  "∦": "\\nparallel",
  "∠": "\\angle",
  "∡": "\\measuredangle",
  "△": "\\triangle",
  "∞": "\\infty",
  "∂": "\\partial",
  "∇": "\\nabla",
  ℓ: "\\ell",
  ℏ: "\\hbar",
  "…": "\\ldots",
  "•": "\\bullet",
  "½": "\\tfrac{1}{2}",
  "¼": "\\tfrac{1}{4}",
  "¾": "\\tfrac{3}{4}",
  "⅓": "\\tfrac{1}{3}",
  "⅔": "\\tfrac{2}{3}",
  "⋯": "\\cdots",
  "⋮": "\\vdots",
  "⋱": "\\ddots",
  "√": "\\surd",
  "∑": "\\sum",
  "∏": "\\prod",
  "∫": "\\int",
  "∮": "\\oint",
  ℕ: "\\mathbb{N}",
  ℤ: "\\mathbb{Z}",
  ℚ: "\\mathbb{Q}",
  ℝ: "\\mathbb{R}",
  ℂ: "\\mathbb{C}",
};

const ARROWS: Record<string, string> = {
  "→": "\\to",
  "⟶": "\\longrightarrow",
  "←": "\\leftarrow",
  "⟵": "\\longleftarrow",
  "↔": "\\leftrightarrow",
  "⇒": "\\Rightarrow",
  "⟹": "\\Longrightarrow",
  "⇐": "\\Leftarrow",
  "⇔": "\\Leftrightarrow",
  "⟺": "\\Longleftrightarrow",
  "↑": "\\uparrow",
  "↓": "\\downarrow",
  "⇌": "\\rightleftharpoons",
  "⇋": "\\leftrightharpoons",
  "↦": "\\mapsto",
};

/** Characters written as commands in math mode; the rest of ASCII is safe as it is. */
export const MATH_SYMBOLS: ReadonlyMap<string, string> = new Map(
  Object.entries({ ...GREEK, ...OPERATORS, ...ARROWS }),
);

/** Primes and degrees are superscripts, so they need a base when one was just written. */
export const SCRIPT_SYMBOLS: ReadonlyMap<string, string> = new Map([
  ["'", "'"],
  ["′", "'"],
  ["″", "''"],
  ["‴", "'''"],
  ["°", "^{\\circ}"],
  ["º", "^{\\circ}"],
  ["℃", "^{\\circ}\\mathrm{C}"],
]);

/** Superscript and subscript characters typed as text (x², H₂O, 10⁻³): the script they are. */
export const SMALL_SCRIPTS: ReadonlyMap<string, readonly ["^" | "_", string]> = new Map<
  string,
  readonly ["^" | "_", string]
>([
  ...[..."⁰¹²³⁴⁵⁶⁷⁸⁹"].map((character, digit) => [character, ["^", String(digit)]] as const),
  ...[..."₀₁₂₃₄₅₆₇₈₉"].map((character, digit) => [character, ["_", String(digit)]] as const),
  ["⁺", ["^", "+"]],
  ["⁻", ["^", "-"]],
  ["⁼", ["^", "="]],
  ["⁽", ["^", "("]],
  ["⁾", ["^", ")"]],
  ["ⁿ", ["^", "n"]],
  ["₊", ["_", "+"]],
  ["₋", ["_", "-"]],
  ["₌", ["_", "="]],
  ["₍", ["_", "("]],
  ["₎", ["_", ")"]],
]);

/** Arrows that stretch over a text written above or below them (reaction conditions). */
export const EXTENSIBLE_ARROWS: ReadonlyMap<string, string> = new Map([
  ["→", "\\xrightarrow"],
  ["⟶", "\\xrightarrow"],
  ["←", "\\xleftarrow"],
  ["⟵", "\\xleftarrow"],
  ["↔", "\\xleftrightarrow"],
  ["⇒", "\\xRightarrow"],
  ["⇐", "\\xLeftarrow"],
  ["⇔", "\\xLeftrightarrow"],
  ["⇌", "\\xrightleftharpoons"],
  ["⇋", "\\xleftrightharpoons"],
  ["↦", "\\xmapsto"],
]);

/** LaTeX's specials escaped alike in maths and in \text{}; the last three differ between them. */
const SHARED_ESCAPES: [string, string][] = [
  ["#", "\\#"],
  ["$", "\\$"],
  ["%", "\\%"],
  ["&", "\\&"],
  ["_", "\\_"],
  ["{", "\\{"],
  ["}", "\\}"],
];

const MATH_ESCAPES: ReadonlyMap<string, string> = new Map([
  ...SHARED_ESCAPES,
  ["\\", "\\backslash"],
  ["^", "\\text{\\textasciicircum{}}"],
  ["~", "\\sim"],
]);

const TEXT_ESCAPES: ReadonlyMap<string, string> = new Map([
  ...SHARED_ESCAPES,
  ["\\", "\\textbackslash{}"],
  ["^", "\\textasciicircum{}"],
  ["~", "\\textasciitilde{}"],
]);

export function escapeMath(character: string): string {
  return MATH_ESCAPES.get(character) ?? character;
}

export function escapeText(text: string): string {
  let escaped = "";
  for (const character of text) escaped += TEXT_ESCAPES.get(character) ?? character;
  return escaped;
}

/** What `\left`/`\right` accept for each of Word's delimiter characters; "" is no delimiter. */
export const DELIMITERS: ReadonlyMap<string, string> = new Map([
  ["", "."],
  ["(", "("],
  [")", ")"],
  ["[", "["],
  ["]", "]"],
  ["{", "\\{"],
  ["}", "\\}"],
  ["|", "|"],
  ["‖", "\\|"],
  ["/", "/"],
  ["\\", "\\backslash"],
  ["<", "\\langle"],
  [">", "\\rangle"],
  ["⟨", "\\langle"],
  ["⟩", "\\rangle"],
  ["〈", "\\langle"],
  ["〉", "\\rangle"],
  ["⌊", "\\lfloor"],
  ["⌋", "\\rfloor"],
  ["⌈", "\\lceil"],
  ["⌉", "\\rceil"],
  ["↑", "\\uparrow"],
  ["↓", "\\downarrow"],
]);

/**
 * Letters from Unicode's mathematical alphanumeric block (𝑥, 𝐀), pasted from other editors:
 * the plain letter, since the style is Word's to say. Holes in the block are reserved code
 * points no file holds.
 */
export function plainLetterOf(codePoint: number): string | undefined {
  if (codePoint === 0x210e) return "h";
  if (codePoint >= 0x1d400 && codePoint <= 0x1d6a3) {
    const index = (codePoint - 0x1d400) % 52;
    return String.fromCharCode(index < 26 ? 65 + index : 97 + index - 26);
  }
  if (codePoint >= 0x1d7ce && codePoint <= 0x1d7ff) {
    return String.fromCharCode(48 + ((codePoint - 0x1d7ce) % 10));
  }
  return undefined;
}

/** Characters that only steer Word's layout (function application, invisible times). */
export const INVISIBLE = new Set([
  "\u2061",
  "\u2062",
  "\u2063",
  "\u2064",
  "\u200b",
  "\u200c",
  "\u200d",
  "\ufeff",
]);

/** Names KaTeX has a command for, upright with their own spacing (`\sin x`). */
export const FUNCTION_NAMES = new Set([
  "sin",
  "cos",
  "tan",
  "cot",
  "sec",
  "csc",
  "arcsin",
  "arccos",
  "arctan",
  "sinh",
  "cosh",
  "tanh",
  "coth",
  "log",
  "ln",
  "lg",
  "exp",
  "lim",
  "max",
  "min",
  "sup",
  "inf",
  "det",
  "deg",
  "dim",
  "gcd",
  "arg",
  "ker",
  "limsup",
  "liminf",
]);

/** The functions whose limits Word writes below them (`lim` over `x→0`). */
export const LIMIT_FUNCTIONS = new Set([
  "lim",
  "max",
  "min",
  "sup",
  "inf",
  "limsup",
  "liminf",
  "det",
  "gcd",
]);
