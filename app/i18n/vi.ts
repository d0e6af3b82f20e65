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
    // Short enough to stay on one line beside its icon in a 320 px phone's menu.
    snowman: "Nghe nhạc người tuyết",
    snowmanStop: "Tắt nhạc người tuyết",
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
      allOfSubject: (name: string) => `Xem tất cả đề của môn ${name}`,
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
      previewShort: "Xem trước",
      start: "Bắt đầu",
      loginToStart: "Đăng nhập để bắt đầu",
      loginToStartShort: "Đăng nhập",
      chooseFirst: "Vui lòng chọn chương hoặc bộ câu hỏi",
      chooseFirstShort: "Chưa chọn câu hỏi",
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
      titleOf: (practice: string) => `${practice} — Phòng luyện tập`,
      invalidHeading: "Chưa chọn đề luyện tập",
      invalidText:
        "Địa chỉ phòng luyện tập không đầy đủ hoặc không hợp lệ. Hãy chọn một đề, thiết lập phòng luyện tập rồi bấm “Bắt đầu”.",
      toHome: "Chọn đề luyện tập",
      notFoundHeading: "Không tìm thấy đề luyện tập",
      notFoundText: "Đề luyện tập này không tồn tại hoặc đã bị ẩn.",
      emptyText: "Phần bạn chọn hiện không có câu hỏi nào. Hãy chọn chương hoặc bộ câu hỏi khác.",
      backToSetup: "Quay lại trang thiết lập",
      progress: (i: number, n: number) => `${i}/${n}`,
      progressLabel: (i: number, n: number) => `Câu ${i} trên ${n}`,
      pause: "Tạm dừng",
      resume: "Tiếp tục",
      pausedHeading: "Đang tạm dừng",
      pausedText: "Đồng hồ đã dừng và câu hỏi được ẩn đi. Bấm “Tiếp tục” khi bạn sẵn sàng.",
      timeLeft: (n: number) => `Còn ${n} giây`,
      elapsed: "Thời gian làm bài",
      noTimer: "Không giới hạn thời gian",
      chooseKeys: (n: number) => `Chọn ${n} đáp án`,
      noKey: "Câu này không có đáp án đúng: không chọn đáp án nào là trả lời đúng.",
      right: "Câu trả lời chính xác",
      wrong: "Câu trả lời chưa chính xác",
      unanswered: "Bạn chưa chọn đáp án",
      autoNext: (n: number) => `Tự động chuyển câu hỏi sau ${n}s`,
      showAnswer: "Xem đáp án",
      next: "Câu tiếp theo",
      finish: "Kết thúc",
      keyMark: "đáp án đúng",
      wrongMark: "bạn chọn sai",
      pickedMark: "bạn đã chọn",
      answerFeedback: "Nhận xét:",
      explanation: "Lời giải",
      reference: "Tham khảo",
      questionCount: (n: number) => `${n.toLocaleString("vi-VN")} câu hỏi`,
      questionLabel: (n: number) => `Câu ${n}:`,
      shuffledQuestionLabel: (n: number, inPractice: number) =>
        `Câu ${n} (câu ${inPractice} của đề):`,
      answers: (n: number) => `Các đáp án của câu ${n}`,
      jumpList: "Đi tới câu hỏi",
      jumpTo: (n: number, answered: boolean) =>
        `Câu ${n}, ${answered ? "đã trả lời" : "chưa trả lời"}`,
      answeredCount: (k: number, n: number) => `Đã trả lời ${k}/${n}`,
      confirmTitle: "Kết thúc bài làm?",
      confirmText: (k: number) =>
        `Bạn còn ${k} câu chưa trả lời. Những câu này sẽ được tính là sai.`,
      keepGoing: "Làm tiếp",
      keyboardHint:
        "Phím tắt: 1–8 hoặc A–H để chọn đáp án, Enter hoặc → để sang câu tiếp theo, Space để tạm dừng.",
      resumed: "Đã mở lại bài bạn đang làm dở.",
      contentChanged:
        "Đề luyện tập vừa được cập nhật nên bài làm dở trên máy này đã được bắt đầu lại từ đầu.",
    },
    summary: {
      heading: "Kết quả luyện tập",
      time: (seconds: number) =>
        `Thời gian hoàn thành: ${Math.floor(seconds / 60)} phút ${seconds % 60} giây`,
      score: (k: number, n: number) => `Số câu đúng: ${k}/${n}`,
      ring: (percent: number) => `Tỉ lệ đúng ${percent}%`,
      list: "Danh sách câu hỏi",
      again: "Làm lại",
      backToSetup: "Quay lại trang thiết lập",
      right: "Đúng",
      wrong: "Sai",
      noPick: "Bạn chưa chọn đáp án",
      saving: "Đang lưu…",
      saved: "Đã lưu kết quả vào lịch sử luyện tập.",
      retrying: (seconds: number) =>
        `Chưa lưu được kết quả (mất kết nối hoặc máy chủ bận). Tự động thử lại sau ${seconds} giây.`,
      gaveUp:
        "Chưa lưu được kết quả. Kết quả vẫn được giữ trên máy này và sẽ được gửi khi bạn mở lại trang; bạn cũng có thể bấm “Thử lại”.",
      retry: "Thử lại",
      signedOut: "Phiên đăng nhập đã hết hạn. Hãy đăng nhập lại để lưu kết quả này.",
      signIn: "Đăng nhập lại",
    },
    practiceHistory: {
      title: "Lịch sử luyện tập",
      heading: "Lịch sử luyện tập",
      intro: "Các bài bạn đã làm, mới nhất trước. Chọn một bài để xem lại từng câu.",
      empty: "Bạn chưa làm bài luyện tập nào. Hãy chọn một đề trên trang chủ để bắt đầu.",
      toHome: "Chọn đề luyện tập",
      attemptTitle: "Xem lại bài làm",
      doneAt: (when: string) => `Làm lúc ${when}`,
      score: (k: number, n: number) => `${k}/${n} câu đúng`,
      time: (seconds: number) => `${Math.floor(seconds / 60)} phút ${seconds % 60} giây`,
      notFoundHeading: "Không tìm thấy bài làm",
      notFoundText: "Bài làm này không tồn tại hoặc không thuộc tài khoản của bạn.",
      allAttempts: "Xem tất cả bài đã làm",
      onPractice: "Lịch sử luyện tập",
      onPracticeEmpty: "Bạn chưa làm đề này lần nào.",
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

  screenComing: "Màn hình này đang được xây dựng và sẽ sớm có mặt.",

  network: {
    timeout: "Máy chủ phản hồi quá lâu. Vui lòng kiểm tra kết nối mạng rồi thử lại.",
  },

  /** The profile picture (spec sections 5 and 8: the alerts and toasts keep the spec's words). */
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
    },
  },
  /** Refusals of the HTTP layer itself and of requests no page of ours sends: nothing is read or stored. */
  requests: {
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

  /** Email verification and password reset (accounts issue). */
  recovery: {
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
    reminderLabel: "Xác minh email",
    reminderText: (email: string) =>
      `Hãy xác minh email ${email} bằng liên kết chúng tôi đã gửi vào hộp thư của bạn. Trong lúc chờ, bạn vẫn luyện tập bình thường.`,
    resend: "Gửi lại",
    resending: "Đang gửi…",
    resent: (email: string) =>
      `Đã gửi lại email xác minh tới ${email}. Nếu không thấy thư, hãy kiểm tra cả mục thư rác.`,
    dismiss: "Ẩn nhắc nhở",
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
    errors: {
      tooManyVerifyMails: (minutes: number) =>
        `Bạn đã yêu cầu gửi email xác minh quá nhiều lần. Vui lòng thử lại sau ${minutes} phút.`,
      tooManyResetRequests: (minutes: number) =>
        `Bạn đã yêu cầu đặt lại mật khẩu quá nhiều lần. Vui lòng thử lại sau ${minutes} phút.`,
      mailNotSent: "Chưa gửi được email. Vui lòng thử lại sau ít phút.",
      signInToResend: "Vui lòng đăng nhập để gửi lại email xác minh.",
      imageNotAllowed: "Ảnh đại diện không hợp lệ: chỉ dùng được ảnh bạn đã tải lên Ôn Tập.",
    },
  },

  /** Two-factor sign-in: the profile section and the "Nhập mã xác minh" step of sign-in. */
  twoFactor: {
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
    errors: {
      codeRequired: "Vui lòng nhập mã xác minh.",
      codeFormat: "Mã xác minh gồm 6 chữ số, hoặc là mã khôi phục dạng xxxxx-xxxxx.",
      wrongCode:
        "Mã xác minh không đúng. Hãy nhập mã đang hiển thị trong ứng dụng (mã đổi sau mỗi 30 giây) rồi thử lại.",
      wrongRecoveryCode: "Mã khôi phục không đúng hoặc đã được dùng rồi.",
      expired: "Phiên xác minh đã hết hạn hoặc không hợp lệ. Vui lòng đăng nhập lại.",
      tooManyCodes: "Bạn đã nhập sai mã quá nhiều lần. Vui lòng đăng nhập lại để thử tiếp.",
      locked: (minutes: number) =>
        `Bạn đã nhập sai mã xác minh quá nhiều lần nên việc đăng nhập tài khoản này tạm thời bị khoá. Vui lòng thử lại sau ${minutes} phút.`,
      alreadyEnabled: "Xác minh hai bước đã được bật rồi.",
      notStarted:
        "Chưa có thiết lập nào đang chờ xác nhận. Hãy bấm “Bật xác minh hai bước” để bắt đầu lại.",
    },
  },

  /** The mails the server sends (server/mail.ts). */
  mail: {
    greeting: (name: string) => `Xin chào ${name},`,
    linkHint: "Nếu nút trên không bấm được, hãy sao chép liên kết sau vào trình duyệt:",
    signature: "Đội ngũ Ôn Tập",
    verify: {
      subject: "Xác minh email cho tài khoản Ôn Tập",
      intro:
        "Cảm ơn bạn đã đăng ký Ôn Tập. Hãy bấm vào liên kết dưới đây để xác minh địa chỉ email của bạn:",
      action: "Xác minh email",
      expiry: (hours: number) => `Liên kết có hiệu lực trong ${hours} giờ.`,
      ignore: "Nếu bạn không đăng ký tài khoản Ôn Tập, hãy bỏ qua email này.",
    },
    reset: {
      subject: "Đặt lại mật khẩu Ôn Tập",
      intro:
        "Chúng tôi nhận được yêu cầu đặt lại mật khẩu cho tài khoản Ôn Tập của bạn. Hãy bấm vào liên kết dưới đây để đặt mật khẩu mới:",
      action: "Đặt lại mật khẩu",
      expiry: (hours: number) =>
        `Liên kết có hiệu lực trong ${hours} giờ và chỉ dùng được một lần.`,
      ignore:
        "Nếu bạn không yêu cầu đặt lại mật khẩu, hãy bỏ qua email này: mật khẩu của bạn vẫn giữ nguyên.",
    },
    deleteAccount: {
      subject: "Xác nhận xoá tài khoản Ôn Tập",
      intro:
        "Chúng tôi nhận được yêu cầu xoá vĩnh viễn tài khoản Ôn Tập của bạn cùng toàn bộ lịch sử luyện tập. Nếu đúng là bạn, hãy bấm vào liên kết dưới đây rồi xác nhận trên trang vừa mở:",
      action: "Xác nhận xoá tài khoản",
      expiry: (hours: number) =>
        `Liên kết có hiệu lực trong ${hours} giờ và chỉ dùng được một lần.`,
      ignore:
        "Nếu bạn không yêu cầu xoá tài khoản, hãy bỏ qua email này: tài khoản của bạn vẫn được giữ nguyên.",
    },
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
