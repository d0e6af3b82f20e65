import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AVATAR_PLACEHOLDER, UserMenu } from "./user-menu.tsx";

function render(user: Parameters<typeof UserMenu>[0]["user"]) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <UserMenu user={user} /> }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

describe("UserMenu (signed-in header)", () => {
  it("shows the name with the default placeholder avatar, the popup closed", () => {
    const html = render({ fullName: "Trần Thị Bình", email: "binh@example.com", avatarUrl: null });
    expect(html).toContain("Trần Thị Bình");
    expect(html).toContain(`src="${AVATAR_PLACEHOLDER}"`);
    expect(html).toContain('aria-expanded="false"');
    expect(html).toMatch(/class="user-popup" hidden=""/);
  });

  it("holds avatar, name, email and a sign-out button in the popup", () => {
    const html = render({
      fullName: "Lê Văn Cường",
      email: "cuong@example.com",
      avatarUrl: "/avatars/7.webp",
    });
    const popup = html.slice(html.indexOf('class="user-popup"'));
    expect(popup).toContain('src="/avatars/7.webp"');
    expect(popup).toContain('alt="Ảnh đại diện của Lê Văn Cường"');
    expect(popup).toContain("cuong@example.com");
    const form = /<form[^>]*>/.exec(popup)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/logout"');
    expect(popup).toContain(">Đăng xuất</button>");
  });
});
