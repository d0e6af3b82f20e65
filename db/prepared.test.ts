import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/support/databases.ts";
import { insertRows } from "./bulk-insert.ts";
import { prepared } from "./prepared.ts";

describeEachDatabase("a query built once and given its values", (database) => {
  const columns = ["code", "name", "description", "keywords", "sort_order"] as const;
  const addSubjects = (...codes: string[]) =>
    insertRows(
      database().db,
      "subject",
      columns,
      codes.map((code, i) => ({ code, name: code, description: "", keywords: "", sort_order: i })),
    );

  const subjectsFrom = prepared((db, p: { prefix: string; after: number }) =>
    db
      .selectFrom("subject")
      .select(["code", "sort_order"])
      .where("code", ">=", p.prefix)
      // A constant of the query stays one, between the values.
      .where("code", "!=", "p-b")
      .where("sort_order", ">", p.after)
      .orderBy("code"),
  );

  it("answers as Kysely's own query does, with each call's values", async () => {
    const { db } = database();
    await addSubjects("p-a", "p-b", "p-c", "p-d");
    const own = await db
      .selectFrom("subject")
      .select(["code", "sort_order"])
      .where("code", ">=", "p-")
      .where("code", "!=", "p-b")
      .where("sort_order", ">", 0)
      .orderBy("code")
      .execute();
    expect(await subjectsFrom.execute(db, { prefix: "p-", after: 0 })).toEqual(own);
    expect(own.map((row) => row.code)).toEqual(["p-c", "p-d"]);
    // Built once: the next call's values, not the first one's.
    expect(await subjectsFrom.execute(db, { prefix: "p-d", after: -1 })).toEqual([
      { code: "p-d", sort_order: 3 },
    ]);
  });

  it("refuses a value changed before it was passed, written into the SQL, or a list", async () => {
    const { db } = database();
    const changed = prepared((db, p: { text: string }) =>
      db.selectFrom("subject").select("code").where("name", "like", `%${p.text}%`),
    );
    await expect(changed.execute(db, { text: "a" })).rejects.toThrow(/changed/);
    const written = prepared((db, p: { column: string }) =>
      db.selectFrom("subject").select(sql.raw<string>(p.column).as("x")),
    );
    await expect(written.execute(db, { column: "code" })).rejects.toThrow(/SQL text/);
    const list = prepared((db, p: { codes: string[] }) =>
      db.selectFrom("subject").select("code").where("code", "in", p.codes),
    );
    await expect(list.execute(db, { codes: ["p-a", "p-c"] })).rejects.toThrow(/list/);
  });
});
