import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations, register, waitForHydration } from "./helpers.ts";

/**
 * The avatar as a student changes it on /profile: real PNG, JPEG and GIF pictures made here,
 * the header picture following without a reload, and the spec's messages for a file that is
 * not an image or is over 1 MB.
 */

/** A solid picture; its colour differs per format so each upload is a new file. */
const picture = (format: "png" | "jpeg" | "gif", width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: {
        png: { r: 200, g: 60, b: 90 },
        jpeg: { r: 30, g: 120, b: 200 },
        gif: { r: 40, g: 160, b: 60 },
      }[format],
    },
  })
    .toFormat(format)
    .toBuffer();

test("a student changes the avatar with a PNG, a JPEG and a GIF; bad files get the spec's messages", async ({
  page,
}) => {
  await register(page, "Phạm Ảnh");
  await expect(page).toHaveURL("/");
  await page.goto("/profile");
  await waitForHydration(page);
  const section = page.getByRole("region", { name: "Ảnh đại diện" });
  await expect(section.getByRole("button", { name: "Thêm ảnh đại diện" })).toBeVisible();
  const input = section.locator('input[type="file"]');
  await expect(input).toHaveAttribute("accept", "image/gif,image/jpeg,image/png");
  await expectNoAxeViolations(page, "profile with avatar picker");

  let previous = "";
  for (const [format, mimeType] of [
    ["png", "image/png"],
    ["jpeg", "image/jpeg"],
    ["gif", "image/gif"],
  ] as const) {
    await input.setInputFiles({
      name: `anh.${format}`,
      mimeType,
      buffer: await picture(format, 640, 480),
    });
    await expect(page.getByText("Cập nhật ảnh đại diện thành công!").last()).toBeVisible();
    const image = section.getByRole("img", { name: "Ảnh đại diện của Phạm Ảnh" });
    // A new file each time (the name carries the content hash), shown without a page load.
    if (previous) await expect(image).not.toHaveAttribute("src", previous);
    await expect(image).toHaveAttribute("src", /^\/avatars\/.+-[0-9a-f]{16}\.webp$/);
    const src = (await image.getAttribute("src"))!;
    previous = src;
    // The header's picture changed too, with no page load.
    await expect(page.locator("header img.avatar").first()).toHaveAttribute("src", src);
  }
  await expect(section.getByRole("button", { name: "Thay ảnh đại diện" })).toBeVisible();
  const served = await page.request.get(previous);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect((await sharp(await served.body()).metadata()).width).toBe(256);

  await input.setInputFiles({
    name: "ghi-chu.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("xin chào"),
  });
  await expect(
    page.getByRole("alert").filter({ hasText: "Vui lòng chọn file hình ảnh" }),
  ).toBeVisible();

  await input.setInputFiles({
    name: "lon.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(1_048_577, 1),
  });
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "Vui lòng chọn ảnh có kích thước dưới 1MB và tỉ lệ 1:1" }),
  ).toBeVisible();

  // A text file dressed as a PNG passes the browser's check; the server reads the bytes.
  await input.setInputFiles({
    name: "gia.png",
    mimeType: "image/png",
    buffer: Buffer.from("không phải ảnh"),
  });
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "Cập nhật ảnh đại diện thất bại: Vui lòng chọn file hình ảnh" }),
  ).toBeVisible();
  await expect(section.getByRole("img", { name: "Ảnh đại diện của Phạm Ảnh" })).toHaveAttribute(
    "src",
    previous,
  );
});
