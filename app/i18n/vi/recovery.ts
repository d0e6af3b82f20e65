/**
 * The text of password recovery and email verification (a module of its own: see ../vi.ts).
 * Email verification and password reset.
 */
export const viRecovery = {
  forgotTitle: "Quên mật khẩu",
  forgotLink: "Quên mật khẩu?",
  forgotIntro:
    "Nhập email bạn đã dùng để đăng ký. Chúng tôi sẽ gửi tới đó một liên kết để bạn đặt mật khẩu mới.",
  forgotSubmit: "Gửi liên kết đặt lại mật khẩu",
  forgotSent:
    "Nếu email này đã được đăng ký, chúng tôi vừa gửi tới đó một liên kết đặt lại mật khẩu. Liên kết có hiệu lực trong 1 giờ và chỉ dùng được một lần. Nếu không thấy thư, hãy kiểm tra cả mục thư rác.",
  backToLogin: "Quay lại đăng nhập",
  resetTitle: "Đặt lại mật khẩu",
  resetIntro:
    "Chọn một mật khẩu mới cho tài khoản của bạn. Sau khi đổi, mọi thiết bị đang đăng nhập tài khoản này sẽ bị đăng xuất.",
  newPassword: "Mật khẩu mới",
  resetSubmit: "Đặt mật khẩu mới",
  resetDone: "Đã đặt mật khẩu mới. Hãy đăng nhập bằng mật khẩu mới.",
  linkUnusableHeading: "Liên kết không còn dùng được",
  linkUnusable:
    "Liên kết đặt lại mật khẩu này đã hết hạn hoặc đã được sử dụng. Mỗi liên kết chỉ dùng được một lần, trong vòng 1 giờ kể từ khi được gửi.",
  linkIncomplete:
    "Liên kết đặt lại mật khẩu không đầy đủ. Hãy mở lại liên kết trong email, hoặc yêu cầu một liên kết mới.",
  requestNewLink: "Yêu cầu liên kết mới",
  resent: (email: string) =>
    `Đã gửi lại email xác minh tới ${email}. Nếu không thấy thư, hãy kiểm tra cả mục thư rác.`,
  verifyTitle: "Xác minh email",
  verifiedHeading: "Email đã được xác minh",
  verified: "Cảm ơn bạn! Email của bạn đã được xác minh.",
  alreadyVerified: "Email của bạn đã được xác minh rồi, không cần gửi lại.",
  verifyPending: (email: string) =>
    `Chúng tôi đã gửi một liên kết xác minh tới ${email}. Hãy mở email đó và bấm vào liên kết. Nếu không thấy thư, bạn có thể gửi lại.`,
  verifyFailedHeading: "Chưa xác minh được email",
  verifyExpired: "Liên kết xác minh này đã hết hạn. Hãy bấm “Gửi lại” để nhận một liên kết mới.",
  verifyInvalid:
    "Liên kết xác minh không hợp lệ. Hãy mở đúng liên kết trong email mới nhất, hoặc bấm “Gửi lại” để nhận một liên kết mới.",
  verifySignIn:
    "Hãy đăng nhập để xem trạng thái xác minh email và gửi lại liên kết xác minh nếu cần.",
  toHome: "Về trang chủ",
  toLogin: "Đăng nhập",
} as const;
