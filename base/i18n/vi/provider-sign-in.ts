/** Sign-in with Google or another OpenID Connect provider (server/sign-in-providers.ts). */
export const viProviderSignIn = {
  button: (name: string) => `Đăng nhập bằng ${name}`,
  group: "Đăng nhập bằng tài khoản khác",
  or: "hoặc",
  errors: {
    cancelled: (name: string) => `Bạn đã hủy đăng nhập bằng ${name}.`,
    failed: (name: string) => `Đăng nhập bằng ${name} không thành công. Vui lòng thử lại.`,
    failedNoName: "Đăng nhập không thành công. Vui lòng thử lại.",
    expired: "Phiên đăng nhập đã hết hạn hoặc được mở ở trình duyệt khác. Vui lòng thử lại.",
    unavailable: (name: string) =>
      `Hiện chưa thể đăng nhập bằng ${name}. Vui lòng thử lại sau ít phút.`,
    noEmail: (name: string) =>
      `${name} không cho Ôn Tập biết địa chỉ email của bạn. Hãy cho phép chia sẻ email rồi thử lại.`,
    accountNotLinked: (name: string) =>
      `Email này đã có tài khoản Ôn Tập. Hãy đăng nhập bằng email và mật khẩu, xác minh email, rồi lần sau bạn có thể đăng nhập bằng ${name}.`,
    linkedToAnother: (name: string) =>
      `Tài khoản ${name} này đã được gắn với một tài khoản Ôn Tập khác.`,
  },
} as const;
