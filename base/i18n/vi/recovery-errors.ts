/** The mails of email verification and password reset: refusals shown by screens and by the server. */
export const viRecoveryErrors = {
  tooManyVerifyMails: (minutes: number) =>
    `Bạn đã yêu cầu gửi email xác minh quá nhiều lần. Vui lòng thử lại sau ${minutes} phút.`,
  tooManyResetRequests: (minutes: number) =>
    `Bạn đã yêu cầu đặt lại mật khẩu quá nhiều lần. Vui lòng thử lại sau ${minutes} phút.`,
  mailNotSent: "Chưa gửi được email. Vui lòng thử lại sau ít phút.",
  signInToResend: "Vui lòng đăng nhập để gửi lại email xác minh.",
  imageNotAllowed: "Ảnh đại diện không hợp lệ: chỉ dùng được ảnh bạn đã tải lên Ôn Tập.",
} as const;
