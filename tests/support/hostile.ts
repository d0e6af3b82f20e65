import fc from "fast-check";

/**
 * fast-check arbitraries for input nobody friendly sends: the values, query strings, path
 * segments and bodies the fuzz test (tests/http/fuzz.test.ts) throws at every route.
 */

/** Numbers at and past the limits of PostgreSQL's integer, JavaScript's safe integers, floats. */
const EDGE_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
];

/** Strings that have broken parsers, queries and renderers somewhere. */
const TRICKY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFF\uD800",
  "\u202Eevil",
  "\u200B\u200C\u200D\uFEFF",
  "ﬁ",
  "e\u0301",
  "İ",
  "👩‍👩‍👧‍👦",
  "%00",
  "%ff%fe",
  "%",
  "\r\nSet-Cookie: x=1",
  "../../../../etc/passwd",
  "//evil.example",
  "javascript:alert(1)",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  '"; DROP TABLE "user"; --',
  "${7*7}{{7*7}}",
  "__proto__",
  "constructor",
  "NaN",
  "Infinity",
  "-1",
  "2147483648",
  "9007199254740993",
  "1e309",
  "true",
  "null",
  "[object Object]",
];

/** Any string, tricky or random, sometimes long (kept under the ~64 KB body cap). */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom(...EDGE_NUMBERS).map(String) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("a", "é", "\u0000", "🙂", "%"), fc.integer({ min: 300, max: 12_000 }))
      .map(([unit, count]) => unit.repeat(count)),
  },
);

/** A hostile number: an edge, any double, or any integer. */
const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS),
  fc.double({ noNaN: true }),
  fc.integer(),
);

/** Nested arrays or objects deep enough to break a recursive reader. */
const deepValue = fc
  .tuple(fc.integer({ min: 50, max: 3_000 }), fc.boolean())
  .map(([depth, asObject]) => {
    let value: unknown = "x";
    for (let level = 0; level < depth; level++) value = asObject ? { a: value } : [value];
    return value;
  });

/** Any JSON value of a wrong or hostile shape. */
const hostileJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
);

/** A percent-encoded path segment or query value: well-formed, or bytes that are not UTF-8. */
export const hostileUrlPart: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileString.map((value) => safeEncode(value)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom("%ff", "%C0%AE", "%ED%A0%80", "%", "%zz", "%2e%2e", "..", "%2f"),
  },
);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** encodeURIComponent, but a lone surrogate (which it refuses) is sent as its raw bytes. */
export function safeEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(LONE_SURROGATE, "\uFFFD")).replaceAll(
      "%EF%BF%BD",
      "%ED%A0%80",
    );
  }
}

/** A query string with some of `names` (and junk names), each with a hostile value. */
export function hostileQuery(names: string[]): fc.Arbitrary<string> {
  const name = names.length
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, hostileUrlPart)
    : hostileUrlPart;
  return fc
    .array(fc.tuple(name, hostileUrlPart), { maxLength: 4 })
    .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join("&"));
}

export interface HostileBody {
  contentType: string | null;
  body: Uint8Array<ArrayBuffer>;
}

const encoder = new TextEncoder();

/** Bytes that are not UTF-8, or JSON cut short, or junk: with any content type. */
const rawBody: fc.Arbitrary<HostileBody> = fc.record({
  contentType: fc.constantFrom(
    null,
    "application/json",
    "application/x-www-form-urlencoded",
    "multipart/form-data",
    "multipart/form-data; boundary=x",
    "text/plain",
    "application/octet-stream",
    "image/png",
  ),
  body: fc.oneof(
    fc.uint8Array({ maxLength: 200 }),
    fc.constantFrom(
      encoder.encode('{"email":'),
      encoder.encode("\u0000"),
      new Uint8Array([0xff, 0xfe, 0xc0, 0xae]),
      encoder.encode('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb'),
      encoder.encode("a=%ff%fe&b=%&c=%zz"),
    ),
  ),
});

/** A form body: the route's fields (and junk ones) with hostile values, as any content type. */
export function hostileForm(fields: string[], intents: string[] = []): fc.Arbitrary<HostileBody> {
  const pairs = fc.array(
    fc.tuple(
      fields.length
        ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...fields) }, hostileString)
        : hostileString,
      hostileString,
    ),
    { maxLength: 6 },
  );
  const intent = intents.length
    ? fc.option(fc.constantFrom(...intents), { nil: undefined })
    : fc.constant(undefined);
  const form = fc
    .tuple(intent, pairs, fc.constantFrom("urlencoded", "multipart", "json"))
    .map(([chosen, fieldPairs, encoding]): HostileBody => {
      const all: [string, string][] =
        chosen === undefined ? fieldPairs : [["intent", chosen], ...fieldPairs];
      if (encoding === "json") {
        return {
          contentType: "application/json",
          body: encoder.encode(JSON.stringify(Object.fromEntries(all))),
        };
      }
      if (encoding === "multipart") {
        const parts = all.map(
          ([key, value]) =>
            `--fuzz\r\nContent-Disposition: form-data; name="${key.replaceAll('"', "%22")}"\r\n\r\n${value}\r\n`,
        );
        return {
          contentType: "multipart/form-data; boundary=fuzz",
          body: encoder.encode(`${parts.join("")}--fuzz--\r\n`),
        };
      }
      return {
        contentType: "application/x-www-form-urlencoded",
        body: encoder.encode(new URLSearchParams(all).toString()),
      };
    });
  return fc.oneof({ weight: 5, arbitrary: form }, { weight: 1, arbitrary: rawBody });
}

/** A JSON body: an object of the route's keys (and junk ones) with hostile values, or junk. */
export function hostileJson(keys: string[]): fc.Arbitrary<HostileBody> {
  const key = keys.length
    ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...keys) }, hostileString)
    : hostileString;
  const object = fc.array(fc.tuple(key, hostileJsonValue), { maxLength: 6 }).map((pairs) => {
    const value: Record<string, unknown> = {};
    // defineProperty: a "__proto__" key is sent as a key, not swallowed as the prototype.
    for (const [name, item] of pairs) {
      Object.defineProperty(value, name, { value: item, enumerable: true, writable: true });
    }
    return value;
  });
  const json = fc
    .oneof({ weight: 5, arbitrary: object }, { weight: 1, arbitrary: hostileJsonValue })
    .map((value): HostileBody => ({
      contentType: "application/json",
      body: encoder.encode(JSON.stringify(value) ?? "null"),
    }));
  return fc.oneof({ weight: 5, arbitrary: json }, { weight: 1, arbitrary: rawBody });
}

/** Any bytes under any content type (a route that reads its raw body, like the avatar). */
export const hostileBytes: fc.Arbitrary<HostileBody> = rawBody;
