/** Sign-up, sign-in, the account page and the account's errors. */
export const viAuth = {
  loginTab: "Đăng nhập",
  registerTab: "Đăng ký",
  fullName: "Họ và tên",
  email: "Email",
  password: "Mật khẩu",
  passwordHint: "Ít nhất 6 ký tự.",
  submitLogin: "Đăng nhập",
  submitRegister: "Đăng ký",
  submitting: "Đang gửi…",
  noAccount: "Chưa có tài khoản?",
  haveAccount: "Đã có tài khoản?",
  formError: "Vui lòng kiểm tra lại thông tin bên dưới.",
  loggedOut: "Đăng xuất thành công!",
  logoutFailed: "Đăng xuất thất bại vui lòng thử lại nhé!",
  welcome: (name: string) => `Chào mừng ${name}!`,
  errors: {
    wrongCredentials: "Email hoặc mật khẩu không đúng.",
    emailInUse:
      "Email này đã được dùng cho một tài khoản khác. Hãy đăng nhập hoặc dùng email khác.",
    weakPassword: "Mật khẩu quá yếu: cần ít nhất 6 ký tự.",
    passwordTooLong: "Mật khẩu quá dài: tối đa 128 ký tự.",
    invalidEmail: "Email không đúng định dạng.",
    tooManyAttempts: (seconds: number) =>
      `Bạn đã thử quá nhiều lần. Vui lòng thử lại sau ${seconds >= 120 ? `${Math.ceil(seconds / 60)} phút` : `${seconds} giây`}.`,
    userNotFound: "Không tìm thấy người dùng.",
    serverError: "Máy chủ đang gặp sự cố. Vui lòng thử lại sau ít phút.",
    unknown: "Không thể hoàn tất yêu cầu. Vui lòng thử lại.",
    network: "Không kết nối được tới máy chủ. Hãy kiểm tra mạng rồi thử lại.",
    noPassword: "Tài khoản này đăng nhập bằng nhà cung cấp khác nên chưa có mật khẩu.",
    wrongCurrentPassword: "Mật khẩu hiện tại không đúng.",
    confirmEmailMismatch: "Email xác nhận không khớp với email của tài khoản.",
    passwordRequired: "Vui lòng nhập mật khẩu để xác nhận xoá tài khoản.",
    deleteLinkRequired:
      "Tài khoản không có mật khẩu chỉ được xoá qua liên kết xác nhận gửi tới email của tài khoản.",
    signInAgain:
      "Vì an toàn, hãy đăng xuất rồi đăng nhập lại trước khi xoá tài khoản (lần đăng nhập gần nhất đã quá một ngày).",
  },
  profile: {
    title: "Tài khoản của tôi",
    heading: "Tài khoản của tôi",
    nameSection: "Thông tin cá nhân",
    saveName: "Lưu họ tên",
    nameSaved: "Đã cập nhật họ tên.",
    methods: "Cách đăng nhập",
    method: (provider: string) => (provider === "credential" ? "Email và mật khẩu" : provider),
    passwordSection: "Đổi mật khẩu",
    currentPassword: "Mật khẩu hiện tại",
    newPassword: "Mật khẩu mới",
    changePassword: "Đổi mật khẩu",
    passwordChanged: "Đã đổi mật khẩu. Các phiên đăng nhập khác đã được đăng xuất.",
    dangerSection: "Xoá tài khoản",
    dangerText:
      "Xoá tài khoản sẽ xoá vĩnh viễn hồ sơ, các phiên đăng nhập và toàn bộ lịch sử luyện tập của bạn. Không thể hoàn tác.",
    confirmEmail: "Nhập email của bạn để xác nhận",
    deleteAccount: "Xoá tài khoản vĩnh viễn",
    deleted: "Tài khoản của bạn đã được xoá.",
    deleteLinkSent: (email: string) =>
      `Chúng tôi vừa gửi thư xác nhận tới ${email}. Hãy mở liên kết trong thư (có hiệu lực 24 giờ) để xoá tài khoản.`,
    deleteByMailText:
      "Tài khoản này đăng nhập bằng nhà cung cấp khác nên không có mật khẩu. Để chắc chắn đúng là bạn, chúng tôi sẽ gửi một liên kết xác nhận tới email của tài khoản.",
    sendDeleteLink: "Gửi thư xác nhận xoá tài khoản",
    confirmDeleteText:
      "Bạn đã mở liên kết xác nhận trong thư. Bấm nút dưới đây để xoá vĩnh viễn tài khoản cùng toàn bộ lịch sử luyện tập.",
    deleteLinkInvalid:
      "Liên kết xác nhận xoá tài khoản không hợp lệ, đã hết hạn hoặc đã được dùng. Hãy gửi lại thư xác nhận.",
  },
} as const;
