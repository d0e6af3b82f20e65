import sharp from "sharp";
import { convertLegacyText, legacyFontEncoding } from "../formats/legacy-vietnamese.ts";
import { fromSymbolFont } from "./symbol-font.ts";

/**
 * A Windows Metafile (WMF) drawn as a PNG (issue 26). A MathType or Equation 3.0 object in a
 * Word file shows a WMF preview of its formula: text (ExtTextOut, TextOut) in Times New Roman
 * and Symbol, and lines (fraction bars, radicals). Browsers cannot show a WMF, and no kept
 * package reads one (the "wmf" package of 2020 knows neither TextOut nor LineTo, logs every
 * record it does not know and reads no placeable header), so its records are read here into an
 * SVG of our own making (every value a number we format or text we escape, fonts from a fixed
 * list, nothing of the file's copied as markup), which sharp rasterizes at the size the file
 * gives (96 dpi, the size the formula had in Word). An EMF is not read: its records differ.
 */

export type MetafileKind = "wmf" | "emf";

/** What the bytes say they are: a WMF (placeable or not), an EMF, or neither. */
export function metafileKind(bytes: Uint8Array): MetafileKind | null {
  if (bytes.length < 18) return null;
  const view = viewOf(bytes);
  if (view.getUint32(0, true) === PLACEABLE_KEY) return "wmf";
  const type = view.getUint16(0, true);
  const headerSize = view.getUint16(2, true);
  const version = view.getUint16(4, true);
  if ((type === 1 || type === 2) && headerSize === 9 && (version === 0x100 || version === 0x300)) {
    return "wmf";
  }
  if (
    bytes.length >= 44 &&
    view.getUint32(0, true) === 1 &&
    view.getUint32(40, true) === EMF_SIGNATURE
  ) {
    return "emf";
  }
  return null;
}

export type WmfDrawing =
  | { ok: true; svg: string; width: number; height: number }
  | { ok: false; reason: "unreadable" | "empty" | "too-complex" };

/** The metafile's records as an SVG document, or why it could not be drawn. */
export function wmfToSvg(bytes: Uint8Array): WmfDrawing {
  try {
    const reader = new WmfReader(viewOf(bytes));
    reader.read();
    const canvas = reader.canvas;
    if (!canvas || canvas.elements.length === 0) return { ok: false, reason: "empty" };
    return { ok: true, svg: canvas.svg(), width: canvas.width, height: canvas.height };
  } catch (error) {
    return { ok: false, reason: error instanceof TooComplex ? "too-complex" : "unreadable" };
  }
}

export type WmfPng =
  { ok: true; png: Uint8Array } | { ok: false; reason: "unreadable" | "empty" | "too-complex" };

/** The metafile drawn as a PNG on white, the size it had in the document. */
export async function wmfToPng(bytes: Uint8Array): Promise<WmfPng> {
  const drawing = wmfToSvg(bytes);
  if (!drawing.ok) return drawing;
  try {
    const png = await sharp(Buffer.from(drawing.svg), { limitInputPixels: MAX_SIDE * MAX_SIDE })
      .png()
      .toBuffer();
    return { ok: true, png };
  } catch {
    return { ok: false, reason: "unreadable" };
  }
}

const PLACEABLE_KEY = 0x9ac6cdd7;
const EMF_SIGNATURE = 0x464d4520;
/** The long side of the drawing, in pixels: a bigger frame is drawn smaller. */
const MAX_SIDE = 1600;
/**
 * Shapes and texts drawn, characters written, and the characters of one text (whose layout
 * grows with the square of its length: 2,000 took 0.3 s, 20,000 minutes): a formula has tens
 * of each, a drawing saved as WMF hundreds. Past these, drawing would take longer than a file
 * may (about 0.3 s at most here).
 */
const MAX_ELEMENTS = 5_000;
const MAX_CHARACTERS = 5_000;
const MAX_TEXT_LENGTH = 500;
/**
 * Corners of polylines and polygons, all together: a path's stroke takes longer than its
 * corners grow (10,000 took 0.2 s, 100,000 20 s).
 */
const MAX_POINTS = 10_000;
/**
 * Pixels painted, every shape counted by the box around it: filling a 1600 × 1600 frame took
 * 6 ms, so 5,000 shapes that each fill it took 30 s.
 */
const MAX_PAINTED_PIXELS = 60_000_000;
const MAX_SAVED_STATES = 256;
/** Slots of the object table: a formula uses a handful. */
const MAX_OBJECTS = 4096;
const SCREEN_DPI = 96;
/** Logical units per inch assumed when a metafile has no placeable header: twips. */
const TWIPS_PER_INCH = 1440;

class TooComplex extends Error {}
class Malformed extends Error {}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

interface Pen {
  kind: "pen";
  /** PS_NULL (5) draws nothing. */
  style: number;
  width: number;
  colour: string;
}

interface Brush {
  kind: "brush";
  /** BS_NULL (1) fills nothing. */
  style: number;
  colour: string;
}

interface Font {
  kind: "font";
  /** Negative: the em height; positive: the cell height; 0: the default size. */
  height: number;
  weight: number;
  italic: boolean;
  charset: number;
  face: string;
  /** Tenths of a degree, counter-clockwise. */
  escapement: number;
}

type GdiObject = Pen | Brush | Font | { kind: "other" };

type Point = [number, number];

/** What a device context holds while the records play. */
interface DcState {
  pen: Pen;
  brush: Brush;
  font: Font;
  textColour: string;
  textAlign: number;
  /** 1: alternate (even-odd), 2: winding (non-zero). */
  fillMode: number;
  at: Point;
  windowOrg: Point;
  windowExt: Point | null;
}

function defaultState(): DcState {
  return {
    pen: { kind: "pen", style: 0, width: 0, colour: "#000000" },
    brush: { kind: "brush", style: 0, colour: "#ffffff" },
    font: {
      kind: "font",
      height: 0,
      weight: 400,
      italic: false,
      charset: 0,
      face: "",
      escapement: 0,
    },
    textColour: "#000000",
    textAlign: 0,
    fillMode: 1,
    at: [0, 0],
    windowOrg: [0, 0],
    windowExt: null,
  };
}

/** A record's parameters, read within the record only. */
class Params {
  constructor(
    private readonly view: DataView,
    readonly start: number,
    readonly end: number,
  ) {}

  /** The 16-bit word at `index` (0 = first parameter), signed. */
  i16(index: number): number {
    return this.view.getInt16(this.offset(index, 2), true);
  }

  u16(index: number): number {
    return this.view.getUint16(this.offset(index, 2), true);
  }

  u32(index: number): number {
    return this.view.getUint32(this.offset(index, 4), true);
  }

  byte(at: number): number {
    return this.view.getUint8(this.offset(0, 1, at));
  }

  bytes(at: number, length: number): Uint8Array {
    const from = this.offset(0, length, at);
    return new Uint8Array(this.view.buffer, this.view.byteOffset + from, length);
  }

  get words(): number {
    return (this.end - this.start) >> 1;
  }

  private offset(index: number, size: number, byteAt = index * 2): number {
    const from = this.start + byteAt;
    if (byteAt < 0 || from + size > this.end) throw new Malformed();
    return from;
  }
}

/** The records played in order onto an SVG canvas. */
class WmfReader {
  canvas: SvgCanvas | null = null;
  private state = defaultState();
  private readonly saved: DcState[] = [];
  private objects: (GdiObject | null)[] = [];
  /** From the placeable header: the frame in logical units, and their number per inch. */
  private bounds: { org: Point; ext: Point; inch: number } | null = null;

  constructor(private readonly view: DataView) {}

  read(): void {
    let at = this.header();
    while (at + 6 <= this.view.byteLength) {
      const words = this.view.getUint32(at, true);
      const type = this.view.getUint16(at + 4, true);
      if (type === 0) return;
      const end = at + words * 2;
      if (words < 3 || end > this.view.byteLength) throw new Malformed();
      this.record(type, new Params(this.view, at + 6, end));
      at = end;
    }
  }

  /** Past the placeable header, if any, and the metafile header: where the records start. */
  private header(): number {
    let at = 0;
    if (this.view.getUint32(0, true) === PLACEABLE_KEY) {
      const left = this.view.getInt16(6, true);
      const top = this.view.getInt16(8, true);
      const right = this.view.getInt16(10, true);
      const bottom = this.view.getInt16(12, true);
      const inch = this.view.getUint16(14, true);
      if (inch === 0 || right === left || bottom === top) throw new Malformed();
      this.bounds = { org: [left, top], ext: [right - left, bottom - top], inch };
      at = 22;
    }
    const headerWords = this.view.getUint16(at + 2, true);
    if (headerWords !== 9) throw new Malformed();
    this.objects = Array.from(
      { length: Math.min(this.view.getUint16(at + 10, true), MAX_OBJECTS) },
      () => null,
    );
    return at + headerWords * 2;
  }

  private record(type: number, p: Params): void {
    const handler = STATE_RECORDS.get(type) ?? OBJECT_RECORDS.get(type);
    if (handler) {
      handler(this.state, p, this);
      return;
    }
    const draw = DRAWING_RECORDS.get(type);
    if (draw) draw(this.canvasFor(), this.state, p);
  }

  /** The canvas, framed at the first drawing: by the placeable header, else by the window. */
  private canvasFor(): SvgCanvas {
    if (this.canvas) return this.canvas;
    const frame = this.bounds ?? {
      org: this.state.windowOrg,
      ext: this.state.windowExt ?? [0, 0],
      inch: TWIPS_PER_INCH,
    };
    if (frame.ext[0] === 0 || frame.ext[1] === 0) throw new Malformed();
    let width = (Math.abs(frame.ext[0]) * SCREEN_DPI) / frame.inch;
    let height = (Math.abs(frame.ext[1]) * SCREEN_DPI) / frame.inch;
    const shrink = Math.min(1, MAX_SIDE / Math.max(width, height));
    width = Math.max(1, Math.round(width * shrink));
    height = Math.max(1, Math.round(height * shrink));
    this.canvas = new SvgCanvas(width, height, { org: frame.org, ext: frame.ext });
    return this.canvas;
  }

  save(): void {
    if (this.saved.length >= MAX_SAVED_STATES) throw new TooComplex();
    this.saved.push({ ...this.state });
  }

  /** RestoreDC: a negative number counts back from the last save, a positive one from the first. */
  restore(which: number): void {
    const index = which < 0 ? this.saved.length + which : which - 1;
    if (index < 0 || index >= this.saved.length) return;
    this.state = this.saved[index]!;
    this.saved.length = index;
  }

  /** A new object takes the lowest free slot of the table, as GDI does. */
  create(object: GdiObject): void {
    const free = this.objects.indexOf(null);
    if (free >= 0) this.objects[free] = object;
    else if (this.objects.length < MAX_OBJECTS) this.objects.push(object);
    else throw new TooComplex();
  }

  select(index: number): void {
    const object = this.objects[index];
    if (object?.kind === "pen") this.state.pen = object;
    else if (object?.kind === "brush") this.state.brush = object;
    else if (object?.kind === "font") this.state.font = object;
  }

  remove(index: number): void {
    if (index < this.objects.length) this.objects[index] = null;
  }
}

type StateHandler = (state: DcState, p: Params, reader: WmfReader) => void;
type DrawHandler = (canvas: SvgCanvas, state: DcState, p: Params) => void;

const STATE_RECORDS = new Map<number, StateHandler>([
  [0x001e, (_state, _p, reader) => reader.save()],
  [0x0127, (_state, p, reader) => reader.restore(p.i16(0))],
  [0x0209, (state, p) => (state.textColour = colourOf(p.u32(0)))],
  [0x012e, (state, p) => (state.textAlign = p.u16(0))],
  [0x0106, (state, p) => (state.fillMode = p.u16(0))],
  [0x020b, (state, p) => (state.windowOrg = [p.i16(1), p.i16(0)])],
  [0x020c, (state, p) => (state.windowExt = [p.i16(1), p.i16(0)])],
  [0x0214, (state, p) => (state.at = [p.i16(1), p.i16(0)])],
]);

/** Records that create, select or delete objects; every creation takes a slot. */
const OBJECT_RECORDS = new Map<number, StateHandler>([
  [0x02fa, (_state, p, reader) => reader.create(penOf(p))],
  [0x02fc, (_state, p, reader) => reader.create(brushOf(p))],
  [0x02fb, (_state, p, reader) => reader.create(fontOf(p))],
  [0x00f7, (_state, _p, reader) => reader.create({ kind: "other" })],
  [0x01f9, (_state, _p, reader) => reader.create({ kind: "other" })],
  [0x0142, (_state, _p, reader) => reader.create({ kind: "other" })],
  [0x06ff, (_state, _p, reader) => reader.create({ kind: "other" })],
  [0x012d, (_state, p, reader) => reader.select(p.u16(0))],
  [0x01f0, (_state, p, reader) => reader.remove(p.u16(0))],
]);

const DRAWING_RECORDS = new Map<number, DrawHandler>([
  [
    0x0213,
    (canvas, state, p) => {
      const to: Point = [p.i16(1), p.i16(0)];
      canvas.line(state, state.at, to);
      state.at = to;
    },
  ],
  [0x0325, (canvas, state, p) => canvas.polyline(state, pointsOf(p, 1, p.u16(0)))],
  [0x0324, (canvas, state, p) => canvas.polygons(state, [pointsOf(p, 1, p.u16(0))])],
  [0x0538, (canvas, state, p) => canvas.polygons(state, polyPolygonOf(p))],
  [0x041b, (canvas, state, p) => canvas.rectangle(state, boxOf(p, 0), false)],
  [0x061c, (canvas, state, p) => canvas.rectangle(state, boxOf(p, 2), false)],
  [0x0418, (canvas, state, p) => canvas.rectangle(state, boxOf(p, 0), true)],
  [0x0521, (canvas, state, p) => textOut(canvas, state, p)],
  [0x0a32, (canvas, state, p) => extTextOut(canvas, state, p)],
]);

function colourOf(reference: number): string {
  const red = reference & 0xff;
  const green = (reference >> 8) & 0xff;
  const blue = (reference >> 16) & 0xff;
  return `#${[red, green, blue].map((part) => part.toString(16).padStart(2, "0")).join("")}`;
}

function penOf(p: Params): Pen {
  return {
    kind: "pen",
    style: p.u16(0) & 0xf,
    width: Math.abs(p.i16(1)),
    colour: colourOf(p.u32(3)),
  };
}

function brushOf(p: Params): Brush {
  return { kind: "brush", style: p.u16(0), colour: colourOf(p.u32(1)) };
}

function fontOf(p: Params): Font {
  const nameBytes = p.bytes(18, Math.max(0, Math.min(32, p.end - p.start - 18)));
  const nul = nameBytes.indexOf(0);
  const face = new TextDecoder("windows-1252").decode(
    nul < 0 ? nameBytes : nameBytes.subarray(0, nul),
  );
  return {
    kind: "font",
    height: p.i16(0),
    escapement: p.i16(2),
    weight: p.i16(4),
    italic: p.byte(10) !== 0,
    charset: p.byte(13),
    face: face.trim(),
  };
}

/** `count` points (x, y) from the word at `first`. */
function pointsOf(p: Params, first: number, count: number): Point[] {
  const points: Point[] = [];
  for (let index = 0; index < count; index += 1) {
    points.push([p.i16(first + index * 2), p.i16(first + index * 2 + 1)]);
  }
  return points;
}

function polyPolygonOf(p: Params): Point[][] {
  const count = p.u16(0);
  const polygons: Point[][] = [];
  let at = 1 + count;
  for (let index = 0; index < count; index += 1) {
    const points = p.u16(1 + index);
    polygons.push(pointsOf(p, at, points));
    at += points * 2;
  }
  return polygons;
}

/** Bottom, right, top, left from the word at `first` (the order WMF writes them), as two corners. */
function boxOf(p: Params, first: number): [Point, Point] {
  return [
    [p.i16(first + 3), p.i16(first + 2)],
    [p.i16(first + 1), p.i16(first)],
  ];
}

function textOut(canvas: SvgCanvas, state: DcState, p: Params): void {
  const length = p.i16(0);
  if (length <= 0) return;
  const padded = length + (length % 2);
  const after = 1 + padded / 2;
  const text = decodeText(p.bytes(2, length), state.font);
  canvas.text(state, [p.i16(after + 1), p.i16(after)], text, null);
}

const ETO_OPAQUE = 0x2;
const ETO_CLIPPED = 0x4;

function extTextOut(canvas: SvgCanvas, state: DcState, p: Params): void {
  const at: Point = [p.i16(1), p.i16(0)];
  const length = p.i16(2);
  if (length <= 0) return;
  const options = p.u16(3);
  const stringAt = 8 + (options & (ETO_OPAQUE | ETO_CLIPPED) ? 8 : 0);
  const bytes = p.bytes(stringAt, length);
  const dxWord = (stringAt + length + (length % 2)) / 2;
  const advances =
    p.words - dxWord >= length ? Array.from({ length }, (_, i) => p.i16(dxWord + i)) : null;
  canvas.text(state, at, decodeText(bytes, state.font), advances);
}

const SYMBOL_CHARSET = 2;

/** Code pages of a font's character set (LOGFONT lfCharSet). */
const CHARSET_ENCODINGS = new Map([
  [128, "shift_jis"],
  [129, "euc-kr"],
  [134, "gbk"],
  [136, "big5"],
  [161, "windows-1253"],
  [162, "windows-1254"],
  [163, "windows-1258"],
  [177, "windows-1255"],
  [178, "windows-1256"],
  [186, "windows-1257"],
  [204, "windows-1251"],
  [222, "windows-874"],
  [238, "windows-1250"],
]);

function decodeText(bytes: Uint8Array, font: Font): string {
  let text: string;
  if (font.charset === SYMBOL_CHARSET || font.face.toLowerCase() === "symbol") {
    text = Array.from(bytes, (byte) => fromSymbolFont(byte) ?? String.fromCharCode(byte)).join("");
  } else {
    const legacy = legacyFontEncoding(font.face);
    const encoding = legacy
      ? "windows-1252"
      : (CHARSET_ENCODINGS.get(font.charset) ?? "windows-1252");
    text = new TextDecoder(encoding).decode(bytes).normalize("NFC");
    if (legacy) text = convertLegacyText(text, legacy.encoding, { capitals: legacy.capitals });
  }
  return text.replace(/\p{Cc}/gu, " ");
}

/** The faces on our machines for the fonts formulas are written in. */
function familyOf(face: string): string {
  const name = face.toLowerCase();
  if (/courier|mono|consolas/u.test(name)) return "'DejaVu Sans Mono', monospace";
  if (/arial|helvetica|tahoma|verdana|calibri|segoe|sans/u.test(name)) {
    return "'DejaVu Sans', sans-serif";
  }
  return "'DejaVu Serif', serif";
}

const TA_RIGHT = 0x2;
const TA_CENTER = 0x6;
const TA_BOTTOM = 0x8;
const TA_BASELINE = 0x18;

/** Drawn shapes and texts, in device pixels. */
class SvgCanvas {
  readonly elements: string[] = [];
  private characters = 0;
  private points = 0;
  private painted = 0;

  constructor(
    readonly width: number,
    readonly height: number,
    private readonly fallback: { org: Point; ext: Point },
  ) {}

  svg(): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" ` +
      `viewBox="0 0 ${this.width} ${this.height}">` +
      `<rect width="100%" height="100%" fill="#ffffff"/>${this.elements.join("")}</svg>`
    );
  }

  /**
   * A line; a thin one on the middle of its row or column of pixels, as GDI draws it (a fraction
   * bar one pixel high, not two grey ones).
   */
  line(state: DcState, from: Point, to: Point): void {
    if (state.pen.style === PS_NULL) return;
    const thin = this.penWidth(state) < 1.5;
    const crisp = (value: number) => (thin ? Math.round(value - 0.5) + 0.5 : value);
    const [x1, y1] = this.point(state, from).map(crisp);
    const [x2, y2] = this.point(state, to).map(crisp);
    this.add(
      `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${this.stroke(state)}/>`,
      this.area(
        [
          [x1!, y1!],
          [x2!, y2!],
        ],
        this.penWidth(state),
      ),
    );
  }

  polyline(state: DcState, points: Point[]): void {
    if (state.pen.style === PS_NULL || points.length < 2) return;
    const corners = this.corners(state, points);
    this.add(
      `<polyline points="${listOf(corners)}" fill="none"${this.stroke(state)}/>`,
      this.area(corners, this.penWidth(state)),
    );
  }

  polygons(state: DcState, polygons: Point[][]): void {
    const shapes = polygons
      .filter((points) => points.length >= 2)
      .map((points) => this.corners(state, points));
    if (shapes.length === 0) return;
    const path = shapes.map((corners) => `M${listOf(corners)}Z`).join("");
    const rule = state.fillMode === 2 ? "nonzero" : "evenodd";
    this.add(
      `<path d="${path}" fill-rule="${rule}"${this.fill(state)}${this.stroke(state)}/>`,
      this.area(shapes.flat(), this.penWidth(state)),
    );
  }

  rectangle(state: DcState, corners: [Point, Point], ellipse: boolean): void {
    const [x1, y1] = this.point(state, corners[0]);
    const [x2, y2] = this.point(state, corners[1]);
    const [x, y, w, h] = [Math.min(x1, x2), Math.min(y1, y2), Math.abs(x2 - x1), Math.abs(y2 - y1)];
    const paint = `${this.fill(state)}${this.stroke(state)}`;
    this.add(
      ellipse
        ? `<ellipse cx="${round(x + w / 2)}" cy="${round(y + h / 2)}" rx="${round(w / 2)}" ry="${round(h / 2)}"${paint}/>`
        : `<rect x="${round(x)}" y="${round(y)}" width="${round(w)}" height="${round(h)}"${paint}/>`,
      this.area(
        [
          [x1, y1],
          [x2, y2],
        ],
        this.penWidth(state),
      ),
    );
  }

  /** A text at its reference point, each character at its own advance when the file gives them. */
  text(state: DcState, at: Point, text: string, advances: number[] | null): void {
    if (text.trim() === "") return;
    this.characters += text.length;
    if (this.characters > MAX_CHARACTERS) throw new TooComplex();
    const chars = Array.from(text);
    if (advances && chars.length === advances.length && chars.length > 1) {
      let x = at[0];
      chars.forEach((char, index) => {
        this.glyphs(state, [x, at[1]], char);
        x += advances[index]!;
      });
      return;
    }
    this.glyphs(state, at, text);
  }

  private glyphs(state: DcState, at: Point, text: string): void {
    if (text.trim() === "") return;
    if (text.length > MAX_TEXT_LENGTH) throw new TooComplex();
    const font = state.font;
    const scaleY = Math.abs(this.scale(state)[1]);
    const em =
      (font.height < 0 ? -font.height : font.height > 0 ? font.height / 1.15 : 0) * scaleY || 16;
    const [x, top] = this.point(state, at);
    const vertical = state.textAlign & TA_BASELINE;
    const y =
      vertical === TA_BASELINE ? top : vertical === TA_BOTTOM ? top - 0.22 * em : top + 0.89 * em;
    const horizontal = state.textAlign & TA_CENTER;
    const anchor = horizontal === TA_CENTER ? "middle" : horizontal === TA_RIGHT ? "end" : null;
    const attributes = [
      `x="${x}" y="${round(y)}"`,
      `font-family="${familyOf(font.face)}" font-size="${round(em)}"`,
      font.italic ? `font-style="italic"` : "",
      font.weight >= 600 ? `font-weight="bold"` : "",
      `fill="${state.textColour}"`,
      anchor ? `text-anchor="${anchor}"` : "",
      font.escapement !== 0
        ? `transform="rotate(${round(-font.escapement / 10)} ${x} ${round(top)})"`
        : "",
    ];
    const shown = attributes.filter((attribute) => attribute !== "").join(" ");
    this.add(
      `<text ${shown} xml:space="preserve">${escapeXml(text)}</text>`,
      Math.min(em * em * text.length, this.width * this.height),
    );
  }

  private add(element: string, area: number): void {
    this.painted += Math.max(1, area);
    if (this.elements.length >= MAX_ELEMENTS || this.painted > MAX_PAINTED_PIXELS) {
      throw new TooComplex();
    }
    this.elements.push(element);
  }

  /** The pixels of the box around these corners, a pen's width wider, within the frame. */
  private area(corners: Point[], pen: number): number {
    const xs = corners.map(([x]) => x);
    const ys = corners.map(([, y]) => y);
    const width = Math.min(this.width, Math.max(...xs) - Math.min(...xs) + pen);
    const height = Math.min(this.height, Math.max(...ys) - Math.min(...ys) + pen);
    return width * height;
  }

  private window(state: DcState): { org: Point; ext: Point } {
    return state.windowExt && state.windowExt[0] !== 0 && state.windowExt[1] !== 0
      ? { org: state.windowOrg, ext: state.windowExt }
      : this.fallback;
  }

  private scale(state: DcState): Point {
    const { ext } = this.window(state);
    return [this.width / ext[0], this.height / ext[1]];
  }

  private point(state: DcState, [x, y]: Point): Point {
    const { org } = this.window(state);
    const [sx, sy] = this.scale(state);
    return [round((x - org[0]) * sx), round((y - org[1]) * sy)];
  }

  /** The corners in pixels, counted against the most drawn. */
  private corners(state: DcState, points: Point[]): Point[] {
    this.points += points.length;
    if (this.points > MAX_POINTS) throw new TooComplex();
    return points.map((point) => this.point(state, point));
  }

  private penWidth(state: DcState): number {
    return Math.max(1, state.pen.width * Math.abs(this.scale(state)[0]));
  }

  private stroke(state: DcState): string {
    if (state.pen.style === PS_NULL) return ` stroke="none"`;
    const width = round(this.penWidth(state));
    return ` stroke="${state.pen.colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
  }

  private fill(state: DcState): string {
    return state.brush.style === BS_NULL ? ` fill="none"` : ` fill="${state.brush.colour}"`;
  }
}

const PS_NULL = 5;
const BS_NULL = 1;

function listOf(corners: Point[]): string {
  return corners.map((corner) => corner.join(",")).join(" ");
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}
