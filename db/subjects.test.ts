import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/support/databases.ts";
import { listSubjects } from "./subjects.ts";

describeEachDatabase("listSubjects", (database) => {
  it("returns nothing for an empty catalogue", async () => {
    expect(await listSubjects(database().db)).toEqual([]);
  });

  it("lists subjects in display order with their visible practice counts", async () => {
    const { db } = database();
    const [sql, net] = await db
      .insertInto("subject")
      .values([
        {
          code: "co-so-du-lieu",
          name: "Cơ sở dữ liệu",
          description: "SQL",
          keywords: "csdl",
          sort_order: 2,
        },
        {
          code: "mang-may-tinh",
          name: "Mạng máy tính",
          description: "",
          keywords: "mmt",
          sort_order: 1,
        },
      ])
      .returning("id")
      .execute();
    await db
      .insertInto("practice")
      .values([
        {
          code: "sql-1",
          subject_id: sql!.id,
          title: "SQL 1",
          description: "",
          source: null,
          hidden: 0,
        },
        {
          code: "sql-2",
          subject_id: sql!.id,
          title: "SQL 2",
          description: "",
          source: null,
          hidden: 0,
        },
        {
          code: "sql-3",
          subject_id: sql!.id,
          title: "Ẩn",
          description: "",
          source: null,
          hidden: 1,
        },
      ])
      .execute();

    expect(await listSubjects(db)).toEqual([
      {
        code: "mang-may-tinh",
        name: "Mạng máy tính",
        description: "",
        keywords: "mmt",
        practiceCount: 0,
      },
      {
        code: "co-so-du-lieu",
        name: "Cơ sở dữ liệu",
        description: "SQL",
        keywords: "csdl",
        practiceCount: 2,
      },
    ]);
    expect(net).toBeDefined();
  });

  it("refuses a practice of a subject that does not exist", async () => {
    const { db } = database();
    await expect(
      db
        .insertInto("practice")
        .values({ code: "orphan", subject_id: 999_999, title: "x", description: "", source: null })
        .execute(),
    ).rejects.toThrow();
  });
});
