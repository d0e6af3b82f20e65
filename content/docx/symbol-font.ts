/**
 * Word's Symbol font: "Insert > Symbol" in older documents writes `<w:sym w:font="Symbol"
 * w:char="F0B3"/>`, and text typed in that font is ASCII that shows as Greek and maths ("a" is
 * α, "³" is ≥). The Unicode character each code shows, for 0x20–0xFF or its private-use copy
 * 0xF020–0xF0FF; undefined for the pieces of large brackets and codes the font leaves empty.
 */
export function fromSymbolFont(code: number): string | undefined {
  const byte = code >= 0xf000 && code <= 0xf0ff ? code - 0xf000 : code;
  const character =
    byte >= 0x20 && byte <= 0x7e
      ? LOW[byte - 0x20]
      : byte >= 0xa0 && byte <= 0xe5
        ? HIGH[byte - 0xa0]
        : BRACKETS.get(byte);
  return character === undefined || character === "\u0000" ? undefined : character;
}

// Indexed from 0x20 and from 0xA0: Adobe's Symbol encoding, with U+0000 for the codes that are
// pieces of a radical or a bracket.
const LOW = Array.from(
  " !∀#∃%&∋()∗+,−./0123456789:;<=>?≅ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖ[∴]⊥_\u0000αβχδεφγηιϕκλμνοπθρστυϖωξψζ{|}∼",
);
const HIGH = Array.from(
  "€ϒ′≤⁄∞ƒ♣♦♥♠↔←↑→↓°±″≥×∝∂•÷≠≡≈…\u0000\u0000↵ℵℑℜ℘⊗⊕∅∩∪⊃⊇⊄⊂⊆∈∉∠∇®©™∏√⋅¬∧∨⇔⇐⇑⇒⇓◊〈®©™∑",
);
const BRACKETS = new Map([
  [0xf1, "〉"],
  [0xf2, "∫"],
]);
