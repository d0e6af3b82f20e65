import { describe, expect, it } from "vitest";
import { z } from "#base/zod.ts";

const FormSchema = z.object({
  fullName: z.string().trim().min(1).max(80).meta({ label: "Họ và tên" }),
  email: z.email().meta({ label: "Email" }),
  password: z.string().min(6).meta({ label: "Mật khẩu" }),
  code: z
    .string()
    .regex(/^[a-z-]+$/)
    .meta({ label: "Mã môn" }),
  size: z.number().int().min(20).meta({ label: "Số câu hỏi" }),
  url: z.string().min(1).meta({ label: "URL" }),
});

function messages(input: unknown) {
  const result = FormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join("."), issue.message]),
  );
}

const valid = {
  fullName: "Nguyễn Văn An",
  email: "an@example.com",
  password: "bimat123",
  code: "co-so-du-lieu",
  size: 50,
  url: "x",
};

describe("Vietnamese error map", () => {
  it("accepts a valid form", () => {
    expect(messages(valid)).toEqual({});
  });

  it("asks for every missing field by its label", () => {
    expect(messages({})).toEqual({
      fullName: "Vui lòng nhập họ và tên",
      email: "Vui lòng nhập email",
      password: "Vui lòng nhập mật khẩu",
      code: "Vui lòng nhập mã môn",
      size: "Vui lòng nhập số câu hỏi",
      url: "Vui lòng nhập URL",
    });
  });

  it("treats an empty or blank string as missing", () => {
    expect(messages({ ...valid, fullName: "   " })).toEqual({
      fullName: "Vui lòng nhập họ và tên",
    });
  });

  it("says which field has the wrong type", () => {
    expect(messages({ ...valid, fullName: 42 })).toEqual({
      fullName: "Họ và tên không đúng định dạng",
    });
  });

  it("rejects a malformed email", () => {
    expect(messages({ ...valid, email: "an@" })).toEqual({ email: "Email không đúng định dạng" });
  });

  it("gives the minimum length", () => {
    expect(messages({ ...valid, password: "123" })).toEqual({
      password: "Mật khẩu phải có ít nhất 6 ký tự",
    });
  });

  it("gives the maximum length", () => {
    expect(messages({ ...valid, fullName: "a".repeat(81) })).toEqual({
      fullName: "Họ và tên chỉ được có tối đa 80 ký tự",
    });
  });

  it("reports a pattern mismatch as a wrong format", () => {
    expect(messages({ ...valid, code: "Cơ Sở" })).toEqual({ code: "Mã môn không đúng định dạng" });
  });

  it("asks for an integer", () => {
    expect(messages({ ...valid, size: 20.5 })).toEqual({ size: "Số câu hỏi phải là số nguyên" });
  });

  it("gives the number minimum", () => {
    expect(messages({ ...valid, size: 10 })).toEqual({
      size: "Số câu hỏi phải lớn hơn hoặc bằng 20",
    });
  });
});
