/**
 * The text of two-step verification (profile and sign-in) (a module of its own: see ../vi.ts).
 * Two-factor sign-in: the profile section and the "Nhập mã xác minh" step of sign-in.
 */
export const viTwoFactor = {
  section: "Xác minh hai bước",
  intro:
    "Khi bật, mỗi lần đăng nhập bằng mật khẩu bạn cần nhập thêm một mã 6 chữ số từ ứng dụng xác thực trên điện thoại (như Google Authenticator, Microsoft Authenticator hoặc Authy).",
  statusOn: "Đang bật: khi đăng nhập bằng mật khẩu, bạn cần nhập thêm mã từ ứng dụng xác thực.",
  statusOff: "Đang tắt.",
  password: "Mật khẩu hiện tại",
  enable: "Bật xác minh hai bước",
  step1: "Bước 1: Thêm tài khoản vào ứng dụng xác thực",
  scanHint:
    "Quét mã QR bằng ứng dụng xác thực. Nếu đang dùng chính điện thoại đó, hãy sao chép đường dẫn thiết lập hoặc nhập khoá thiết lập vào ứng dụng.",
  qrLabel: "Mã QR để thêm tài khoản Ôn Tập vào ứng dụng xác thực",
  uriLabel: "Đường dẫn thiết lập",
  secretLabel: "Khoá thiết lập (để nhập thủ công)",
  step2: "Bước 2: Lưu các mã khôi phục",
  codesHint:
    "Mỗi mã khôi phục dùng được một lần để đăng nhập khi bạn không có điện thoại bên mình. Hãy chép hoặc in ra và cất ở nơi an toàn: các mã này sẽ không hiển thị lại.",
  codesLabel: "Mã khôi phục",
  copyCodes: "Sao chép các mã",
  codesCopied: (n: number) => `Đã sao chép ${n} mã khôi phục.`,
  codesNotCopied: "Không sao chép được: hãy chọn các mã và sao chép bằng tay.",
  step3: "Bước 3: Xác nhận bằng mã đầu tiên",
  code: "Mã 6 chữ số trong ứng dụng",
  confirm: "Xác nhận và bật",
  enabled:
    "Đã bật xác minh hai bước. Từ lần đăng nhập sau, bạn cần nhập thêm mã từ ứng dụng xác thực.",
  disable: "Tắt xác minh hai bước",
  disabled: "Đã tắt xác minh hai bước. Từ nay chỉ cần mật khẩu để đăng nhập.",
  newCodes: "Tạo mã khôi phục mới",
  newCodesDone: "Đây là các mã khôi phục mới. Các mã cũ không còn dùng được nữa.",
  newCodesHint:
    "Dùng khi bạn đã dùng gần hết hoặc làm mất các mã khôi phục. Các mã cũ sẽ không còn dùng được.",
  passwordOnly:
    "Xác minh hai bước dùng cho đăng nhập bằng mật khẩu. Tài khoản của bạn đăng nhập qua nhà cung cấp khác, hãy bật xác minh hai bước ở tài khoản đó.",
  title: "Nhập mã xác minh",
  stepIntro:
    "Tài khoản của bạn đã bật xác minh hai bước. Hãy mở ứng dụng xác thực và nhập mã 6 chữ số đang hiển thị.",
  codeLabel: "Mã xác minh",
  codeHint:
    "Mã 6 chữ số trong ứng dụng, hoặc một mã khôi phục (dạng xxxxx-xxxxx) nếu bạn không có điện thoại bên mình.",
  submit: "Xác minh",
  backToLogin: "Đăng nhập lại",
} as const;
