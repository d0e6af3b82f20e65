import katexStylesheet from "katex/dist/katex.min.css?url";

export { katexStylesheet };

/**
 * Every page that can show a question (set-up preview, room, summary, history replay) loads
 * KaTeX's stylesheet: without it the MathML copy of each formula, meant for screen readers,
 * is printed beside the formula ("P(k+1)P (k + 1)"). Its fonts are fetched only when used.
 */
export const questionStylesheets = [{ rel: "stylesheet", href: katexStylesheet }];
