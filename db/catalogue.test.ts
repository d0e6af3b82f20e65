import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "#tests/support/databases.ts";
import { findPracticeForViewer, findSubjectByCode, listPracticesOfSubject } from "./catalogue.ts";

describeEachDatabase("catalogue reads", (database) => {
  beforeAll(async () => {
    const { db } = database();
    const subject = await db
      .insertInto("subject")
      .values({
        code: "toan-roi-rac",
        name: "Toán rời rạc",
        description: "Logic, đồ thị",
        keywords: "trr",
        sort_order: 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("practice")
      .values([
        {
          code: "trr-do-thi",
          subject_id: subject.id,
          title: "Đồ thị",
          description: "Cây và đường đi",
          source: "Biên soạn",
          sort_order: 2,
          question_count: 80,
          hidden: 0,
        },
        {
          code: "trr-logic",
          subject_id: subject.id,
          title: "Logic",
          description: "Mệnh đề",
          source: null,
          sort_order: 1,
          question_count: 60,
          hidden: 0,
        },
        {
          code: "trr-an",
          subject_id: subject.id,
          title: "Ẩn",
          description: "",
          source: null,
          sort_order: 3,
          question_count: 0,
          hidden: 1,
        },
      ])
      .execute();
  });

  it("finds a subject by code, and nothing for an unknown code", async () => {
    const { db } = database();
    expect(await findSubjectByCode(db, "toan-roi-rac")).toEqual({
      code: "toan-roi-rac",
      name: "Toán rời rạc",
      description: "Logic, đồ thị",
    });
    expect(await findSubjectByCode(db, "khong-co")).toBeNull();
  });

  it("lists a subject's visible practices in display order", async () => {
    const practices = await listPracticesOfSubject(database().db, "toan-roi-rac");
    expect(practices.map((p) => p.code)).toEqual(["trr-logic", "trr-do-thi"]);
    expect(practices[1]).toEqual({
      code: "trr-do-thi",
      title: "Đồ thị",
      description: "Cây và đường đi",
      questionCount: 80,
      chapterCount: 0,
      attemptCount: 0,
    });
  });

  it("finds a visible practice with its subject, never a hidden one", async () => {
    const { db } = database();
    expect(await findPracticeForViewer(db, "trr-logic", null)).toMatchObject({
      title: "Logic",
      source: null,
      subject: { code: "toan-roi-rac", name: "Toán rời rạc" },
    });
    expect(await findPracticeForViewer(db, "trr-an", null)).toBeNull();
  });
});
