/**
 * Every string a user sees, in Vietnamese. Components import `vi` and never hold text of their
 * own, so wording is reviewed in one place and typos are type errors.
 */
export const vi = {
  appName: "Ôn Tập",
  titleSuffix: "Ôn Tập",
  tagline: "Luyện trắc nghiệm theo môn học",
  skipToContent: "Bỏ qua, đến nội dung chính",

  nav: {
    home: "Trang chủ",
    about: "Giới thiệu",
    feedback: "Góp ý",
    feedbackSubject: "Góp ý cho Ôn Tập",
    login: "Đăng nhập",
    register: "Đăng ký",
    logout: "Đăng xuất",
    openMenu: "Mở menu",
    closeMenu: "Đóng menu",
    menu: "Menu",
    mainNavigation: "Điều hướng chính",
    account: "Tài khoản",
    accountMenu: (name: string) => `Tài khoản của ${name}`,
    avatarAlt: (name: string) => `Ảnh đại diện của ${name}`,
  },

  theme: {
    pickerLabel: "Chọn màu giao diện",
    names: {
      default: "Xanh dương",
      "custom-1": "Xanh lá",
      "custom-2": "Hồng đào",
      "custom-3": "Tím oải hương",
      "custom-4": "Cam đất",
    },
    choose: (name: string) => `Giao diện ${name}`,
  },

  snow: {
    show: "Bật tuyết rơi",
    hide: "Tắt tuyết rơi",
    snowman: "Người tuyết: bấm để nghe nhạc",
    snowmanStop: "Người tuyết: bấm để tắt nhạc",
  },

  footer: {
    contact: "Liên hệ với chúng tôi:",
    email: "Gửi email",
    facebook: "Facebook",
    github: "GitHub",
    credit: "Ôn Tập — làm bởi một nhóm sinh viên, dành cho sinh viên.",
  },

  pages: {
    home: {
      title: "Trang chủ",
      heading: "Danh sách môn học",
      searchLabel: "Tìm môn học",
      searchPlaceholder: "Nhập từ khóa",
      empty: "Chưa có môn học nào. Ngân hàng câu hỏi sẽ xuất hiện ở đây khi được nạp.",
      noMatch: (query: string) => `Không tìm thấy môn học nào khớp với “${query}”.`,
      practicesHeading: "Danh sách đề luyện tập",
      practiceCount: (n: number) => `${n} đề luyện tập`,
      loadFailed: "Không tải được danh sách môn học. Vui lòng thử lại.",
      retry: "Thử lại",
    },
    login: {
      title: "Đăng nhập",
      registerTitle: "Đăng ký",
      heading: "Chào mừng bạn đến với Ôn Tập",
      comingSoon:
        "Tính năng tài khoản đang được hoàn thiện. Bạn vẫn có thể xem danh sách môn học và đề luyện tập.",
      tabs: "Đăng nhập hoặc đăng ký",
    },
    practiceSubject: {
      title: (name: string) => `Môn ${name}`,
      heading: (name: string) => `Môn ${name}`,
      suggestions: "Gợi ý luyện tập thêm",
      fallbackName: "học",
    },
    practiceReview: {
      title: "Thiết lập phòng luyện tập",
      heading: "Thiết lập phòng luyện tập",
      source: (source: string) => `Nguồn: ${source}`,
      subject: (name: string) => `Môn ${name}`,
      byChapter: "Luyện tập theo chương",
      chapterContent: (text: string) => `Nội dung chương: ${text}`,
      chapterTitle: (n: number, title: string) => `Chương ${n}: ${title}`,
      rangeSize: "Chọn số lượng câu hỏi",
      rangeSizeOption: (n: number) => `${n} câu`,
      ranges: "Chọn bộ câu hỏi",
      range: (start: number, end: number) => `Câu ${start} - ${end}`,
      all: (n: number) => `Tất cả ${n.toLocaleString("vi-VN")} câu hỏi`,
      displayMode: "Kiểu hiển thị",
      sequence: "Trả lời tuần tự từng câu hỏi",
      flat: "Hiển thị toàn bộ câu hỏi",
      questionTime: "Thời gian đếm ngược câu hỏi",
      resultTime: "Thời gian tự động chuyển câu hỏi",
      seconds: (n: number) => `${n} giây`,
      off: "Tắt",
      showKey: "Hiển thị đáp án sau câu hỏi",
      notify: "Hiển thị thông báo",
      shuffleQuestions: "Xáo trộn câu hỏi",
      shuffleAnswers: "Xáo trộn đáp án",
      options: "Tuỳ chọn",
      preview: "Xem trước câu hỏi",
      start: "Bắt đầu",
      loginToStart: "Đăng nhập để bắt đầu",
      chooseFirst: "Vui lòng chọn chương hoặc bộ câu hỏi",
      previewTitle: "Xem trước câu hỏi",
      previewShowKey: "Hiển thị đáp án",
      close: "Đóng",
      loading: "Đang tải câu hỏi…",
      loadFailed: "Không tải được câu hỏi. Vui lòng kiểm tra kết nối và thử lại.",
      retry: "Thử lại",
      questionLabel: (n: number) => `Câu ${n}:`,
      questionList: "Danh sách câu hỏi",
      keyBadge: "Đáp án đúng",
      chooseKeys: (n: number) => `Chọn ${n} đáp án`,
      reference: "Tham khảo",
      explanation: "Lời giải",
      selectionSummary: (label: string, n: number) =>
        `${label} · ${n.toLocaleString("vi-VN")} câu hỏi`,
    },
    practiceControl: {
      title: "Phòng luyện tập",
      heading: "Phòng luyện tập",
    },
    practiceHistory: {
      title: "Lịch sử luyện tập",
      heading: "Lịch sử luyện tập",
    },
    about: {
      title: "Giới thiệu",
      heading: "Giới thiệu Ôn Tập",
      intro:
        "Ôn Tập là ứng dụng web giúp sinh viên Việt Nam ôn thi trắc nghiệm theo từng môn học. Bạn chọn một đề, chọn chương hoặc bộ câu hỏi, làm bài theo từng câu có đếm giờ hoặc trên một tờ đề đầy đủ, rồi xem lại kết quả bất cứ lúc nào.",
      audienceHeading: "Dành cho ai?",
      audience:
        "Dành cho sinh viên đại học, cao đẳng đang ôn thi cuối kỳ, và cho giảng viên muốn đưa ngân hàng câu hỏi của mình đến với sinh viên. Ứng dụng chạy nhanh cả trên điện thoại cấu hình thấp với mạng 4G chậm.",
      featuresHeading: "Tính năng",
      features: [
        "Ngân hàng câu hỏi theo môn học, tìm kiếm không cần gõ dấu.",
        "Luyện tập theo chương, theo bộ câu hỏi hoặc toàn bộ đề.",
        "Hai kiểu làm bài: trả lời tuần tự từng câu có đếm ngược, hoặc hiển thị toàn bộ câu hỏi như một đề thi.",
        "Xáo trộn câu hỏi và đáp án, hiển thị đáp án và lời giải sau mỗi câu.",
        "Mọi lần luyện tập đều được lưu lại, kể cả khi mất mạng hay tải lại trang.",
        "Xem lại lịch sử luyện tập và từng câu đã làm đúng, làm sai.",
        "Năm màu giao diện và hiệu ứng tuyết rơi mùa Giáng sinh.",
      ],
      privacyHeading: "Dữ liệu của bạn",
      privacy:
        "Kết quả luyện tập do máy chủ chấm và chỉ bạn mới xem được. Bạn có thể xóa tài khoản cùng toàn bộ dữ liệu bất cứ lúc nào.",
    },
    notFound: {
      title: "Không tìm thấy trang",
      heading: "Ooops... Trang này không tồn tại",
      body: "Có thể đường dẫn đã bị gõ sai hoặc trang đã được chuyển đi nơi khác.",
      home: "Về trang chủ",
    },
    error: {
      title: "Đã có lỗi xảy ra",
      heading: "Đã có lỗi xảy ra",
      body: "Máy chủ gặp sự cố khi xử lý yêu cầu của bạn. Vui lòng thử lại sau ít phút.",
      retry: "Thử lại",
      home: "Về trang chủ",
    },
  },

  catalogue: {
    attempts: (n: number) => `${n.toLocaleString("vi-VN")} đã làm`,
    chapters: (n: number) => `${n} chương`,
    questions: (n: number) => `${n.toLocaleString("vi-VN")} câu hỏi`,
    noPractices: "Môn này chưa có đề luyện tập nào.",
    openSubject: (name: string) => `Xem trang môn ${name}`,
    selected: "đang chọn",
  },

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
    },
  },

  screenComing: "Màn hình này đang được xây dựng và sẽ sớm có mặt.",

  chunk: {
    heading: "Không tải được trang",
    body: "Mạng đang chậm hoặc ứng dụng vừa được cập nhật. Hãy kiểm tra kết nối rồi tải lại trang.",
    slow: "Trang tải quá lâu. Hãy kiểm tra kết nối mạng rồi tải lại trang.",
    reload: "Tải lại trang",
  },

  toast: {
    close: "Đóng thông báo",
    region: "Thông báo",
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
} as const;

/** "Họ và tên" → "họ và tên" inside a sentence; acronyms such as "URL" stay as they are. */
function lowerFirst(label: string): string {
  const [first = "", second = ""] = label;
  if (second && second === second.toUpperCase() && second !== second.toLowerCase()) return label;
  return first.toLowerCase() + label.slice(1);
}

export type Vi = typeof vi;
