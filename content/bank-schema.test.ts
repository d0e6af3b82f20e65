import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { renderBankJsonSchema } from "./bank-schema.ts";

it("content/bank.schema.json matches the importer's schema (npm run schema:bank regenerates it)", () => {
  expect(readFileSync(new URL("./bank.schema.json", import.meta.url), "utf8")).toBe(
    renderBankJsonSchema(),
  );
});
