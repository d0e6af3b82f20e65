import { describe, expect, it } from "vitest";
import { paths } from "./paths.ts";

describe("paths", () => {
  it("writes the addresses app/routes.ts answers, exactly as before the table", () => {
    expect(paths.practiceSetup("toan-12")).toBe("/practice-review/toan-12");
    expect(paths.practiceSetupData("toan-12")).toBe("/practice-review/toan-12.data");
    expect(paths.practiceDownload("toan-12")).toBe("/practice-review/toan-12/offline");
    expect(paths.myPracticeEdit("s_ab-C_d")).toBe("/my-practices/s_ab-C_d/edit");
    expect(paths.history()).toBe("/practice-history");
    expect(paths.history({ id: "a1" })).toBe("/practice-history?id=a1");
    expect(paths.history("")).toBe("/practice-history");
    expect(paths.reviewRoom()).toBe("/mistakes");
    expect(paths.homeSubject("toan")).toBe("/?mon=toan");
    expect(paths.dataExport("csv")).toBe("/profile/data-export?format=csv");
    const exam = "4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
    expect(paths.mockExam("toan-12", exam)).toBe(`/practice/toan-12/thi-thu/${exam}`);
    expect(paths.mockExam("a/b", "x?y")).toBe("/practice/a%2Fb/thi-thu/x%3Fy");
    expect(paths.apiMockExamSheet(exam)).toBe(`/api/mock-exams/${exam}/sheet`);
    expect(paths.apiMockExamSubmit(exam)).toBe(`/api/mock-exams/${exam}/submit`);
  });

  it("encodes a path segment, so a code cannot add a segment of its own", () => {
    expect(paths.practiceSetup("a/b?c")).toBe("/practice-review/a%2Fb%3Fc");
    expect(paths.subject("x y")).toBe("/practice-subject/x%20y");
  });

  it("carries redirectTo to the sign-in pages, and drops it for the home page", () => {
    expect(paths.login()).toBe("/login");
    expect(paths.login("/")).toBe("/login");
    expect(paths.login("/verify-email")).toBe("/login?redirectTo=%2Fverify-email");
    expect(paths.loginTwoFactor("/profile")).toBe("/login/two-factor?redirectTo=%2Fprofile");
    expect(paths.register(paths.practiceSetup("p"))).toBe(
      "/register?redirectTo=%2Fpractice-review%2Fp",
    );
  });
});
