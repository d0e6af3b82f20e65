import { z } from "zod";
import { BankFileSchema } from "./formats/json.ts";

/** The JSON Schema of our bank format, generated from the Zod schema the importer uses. */
export function renderBankJsonSchema(): string {
  const schema = z.toJSONSchema(BankFileSchema, { io: "input" });
  return `${JSON.stringify({ ...schema, title: "Ôn Tập question bank", $id: "https://ontap.edu.vn/bank.schema.json" }, null, 2)}\n`;
}

if (process.argv[1]?.endsWith("bank-schema.ts")) {
  const { writeFileSync } = await import("node:fs");
  writeFileSync(new URL("./bank.schema.json", import.meta.url), renderBankJsonSchema());
}
