/**
 * The Vietnamese messages that both the browser and the server show: form and validation
 * errors, account errors, refusals of the HTTP layer, avatar and attempt-saving errors, the
 * names of question selections (a saved attempt's description).
 * `app/i18n/vi.ts` spreads them into the app's `vi`, so screens read them as `vi.auth…` like
 * any other text; server modules import them from here (the server never imports from app/).
 */
export const sharedVi = {
  auth: {
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
      link: "Tài khoản của tôi",
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
  },
  /** The profile picture (the alerts and toasts keep the spec's words). */
  avatar: {
    change: "Thay ảnh đại diện",
    add: "Thêm ảnh đại diện",
    section: "Ảnh đại diện",
    hint: "Ảnh GIF, JPEG hoặc PNG, dưới 1MB. Ảnh được cắt vuông ở giữa và thu nhỏ còn 256×256.",
    notImage: "Vui lòng chọn file hình ảnh",
    tooLarge: "Vui lòng chọn ảnh có kích thước dưới 1MB và tỉ lệ 1:1",
    signInFirst: "Vui lòng đăng nhập để thay ảnh đại diện",
    uploading: (percent: number) => `Đang tải ảnh lên… ${percent}%`,
    retrying: "Mạng chập chờn, đang thử tải lên lại…",
    progressLabel: "Tiến độ tải ảnh lên",
    cancel: "Hủy",
    canceled: "Đã hủy tải ảnh đại diện lên.",
    success: "Cập nhật ảnh đại diện thành công!",
    failure: "Cập nhật ảnh đại diện thất bại",
  },
  /** A selection's name: set-up tiles, the room, the summary and a saved attempt's description. */
  selection: {
    chapterTitle: (n: number, title: string) => `Chương ${n}: ${title}`,
    range: (start: number, end: number) => `Câu ${start} - ${end}`,
    all: (n: number) => `Tất cả ${n.toLocaleString("vi-VN")} câu hỏi`,
  },
  attempts: {
    errors: {
      UNAUTHENTICATED: "Vui lòng đăng nhập để lưu kết quả luyện tập.",
      BAD_REQUEST: "Dữ liệu bài làm không hợp lệ nên kết quả không được lưu.",
      PRACTICE_NOT_FOUND: "Không tìm thấy đề luyện tập này. Có thể đề đã bị ẩn.",
      BAD_ATTEMPT_ID: "Mã bài làm không hợp lệ nên kết quả không được lưu.",
      QUESTIONS_MISMATCH:
        "Các câu hỏi của bài làm không khớp với đề luyện tập (đề có thể vừa được cập nhật) nên kết quả không được lưu.",
      BAD_PICKS: "Bài làm có lựa chọn không phải đáp án của câu hỏi nên kết quả không được lưu.",
      BAD_ANSWER_ORDER: "Thứ tự đáp án của bài làm không hợp lệ nên kết quả không được lưu.",
      BAD_TOTAL_TIME: "Thời gian làm bài không hợp lệ nên kết quả không được lưu.",
      BAD_ANSWER_TIMES: "Thời gian làm từng câu không hợp lệ nên kết quả không được lưu.",
      NOT_YOUR_REVIEW:
        "Bài ôn có câu hỏi không nằm trong danh sách lỗi sai của bạn nên kết quả không được lưu.",
    },
  },
  /** "Ôn lỗi sai": what a saved review is called in the history. */
  review: {
    title: "Ôn lỗi sai",
    /** A review's description: the practices its questions came from. */
    fromPractices: (titles: readonly string[], more: number) =>
      `Câu sai từ: ${titles.join(", ")}${more > 0 ? ` và ${more} đề khác` : ""}`,
  },
  /** Refusals of the HTTP layer itself and of requests no page of ours sends: nothing is read or stored. */
  requests: {
    unavailable: "Cơ sở dữ liệu của máy chủ đang tạm thời gặp sự cố. Vui lòng thử lại sau ít phút.",
    refusedHeading: "Yêu cầu không được xử lý",
    home: "Về trang chủ",
    tooLarge: (limit: string) =>
      `Dữ liệu gửi lên quá lớn (tối đa ${limit}) nên yêu cầu không được xử lý.`,
    lengthRequired:
      "Yêu cầu không cho biết độ dài dữ liệu gửi lên (Content-Length) nên không được xử lý.",
    crossSite:
      "Yêu cầu này đến từ một trang web khác nên đã bị từ chối. Hãy thao tác trực tiếp trên Ôn Tập.",
    unsupportedForm:
      "Biểu mẫu được gửi ở định dạng không hợp lệ. Vui lòng tải lại trang rồi gửi lại.",
    unreadableForm: "Không đọc được nội dung biểu mẫu. Vui lòng tải lại trang rồi gửi lại.",
    badCharacter: "Yêu cầu có ký tự không hợp lệ nên không được xử lý.",
    heading: "Yêu cầu không hợp lệ",
  },
  validation: {
    required: (label: string) => `Vui lòng nhập ${lowerFirst(label)}`,
    invalidType: (label: string) => `${label} không đúng định dạng`,
    email: (label: string) => `${label} không đúng định dạng`,
    pattern: (label: string) => `${label} không đúng định dạng`,
    stringMin: (label: string, min: number) => `${label} phải có ít nhất ${min} ký tự`,
    stringMax: (label: string, max: number) => `${label} chỉ được có tối đa ${max} ký tự`,
    integer: (label: string) => `${label} phải là số nguyên`,
    numberMin: (label: string, min: number) => `${label} phải lớn hơn hoặc bằng ${min}`,
    numberMax: (label: string, max: number) => `${label} phải nhỏ hơn hoặc bằng ${max}`,
    choice: (label: string) => `${label} không hợp lệ`,
    fallbackLabel: "Giá trị",
  },
  /** The mails of email verification and password reset: refusals shown by screens and by the server. */
  recoveryErrors: {
    tooManyVerifyMails: (minutes: number) =>
      `Bạn đã yêu cầu gửi email xác minh quá nhiều lần. Vui lòng thử lại sau ${minutes} phút.`,
    tooManyResetRequests: (minutes: number) =>
      `Bạn đã yêu cầu đặt lại mật khẩu quá nhiều lần. Vui lòng thử lại sau ${minutes} phút.`,
    mailNotSent: "Chưa gửi được email. Vui lòng thử lại sau ít phút.",
    signInToResend: "Vui lòng đăng nhập để gửi lại email xác minh.",
    imageNotAllowed: "Ảnh đại diện không hợp lệ: chỉ dùng được ảnh bạn đã tải lên Ôn Tập.",
  },
  /** Sign-in with Google or another OpenID Connect provider (server/sign-in-providers.ts). */
  providerSignIn: {
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
  },
  dataExport: {
    heading: "Tải dữ liệu của tôi",
    intro:
      "Tải về mọi bài bạn đã làm, kèm từng câu hỏi, đáp án đã chọn và đáp án đúng. Tệp CSV mở được bằng Excel hoặc Google Trang tính; tệp JSON dành cho các chương trình khác.",
    csv: "Tải tệp CSV (Excel)",
    json: "Tải tệp JSON",
    badFormat: "Định dạng tệp không hợp lệ. Hãy chọn CSV hoặc JSON.",
    csvHeader: [
      "Mã bài làm",
      "Thời gian (giờ Việt Nam)",
      "Môn học",
      "Đề",
      "Phạm vi",
      "Câu số",
      "Nội dung câu hỏi",
      "Đáp án đã chọn",
      "Đáp án đúng",
      "Kết quả",
      "Điểm của bài",
    ],
    right: "Đúng",
    wrong: "Sai",
    noPick: "(không chọn)",
    /** A Đúng/Sai statement left without a mark. */
    noMark: "(chưa chọn)",
    score: (right: number, total: number) => `${right}/${total} câu đúng`,
  },
} as const;

/** "Họ và tên" → "họ và tên" inside a sentence; acronyms such as "URL" stay as they are. */
function lowerFirst(label: string): string {
  const [first = "", second = ""] = label;
  if (second && second === second.toUpperCase() && second !== second.toLowerCase()) return label;
  return first.toLowerCase() + label.slice(1);
}
