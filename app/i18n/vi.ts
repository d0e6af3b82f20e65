import { sharedVi } from "#base/i18n/vi.ts";
import { OWN_PRACTICE_FILE_TYPES, SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS } from "#base/limits.ts";

/** The own-practice editor names Word by name, then the other file types it reads. */
const [docx, ...otherFileTypes] = OWN_PRACTICE_FILE_TYPES;

/**
 * A question card's heading, one wording wherever a question is shown: the set-up page's preview,
 * the room and the own-practice editor's preview (which shows each question as the room will).
 */
const questionLabel = (n: number) => `Câu ${n}:`;

/**
 * Every string a user sees, in Vietnamese. Components import `vi` and never hold text of their
 * own, so wording is reviewed in one place and typos are type errors. The messages the server
 * shows too live in `base/i18n/vi.ts` and are spread in here; mail text is in
 * `base/i18n/vi-server.ts`, so it never reaches the browser.
 */
export const vi = {
  ...sharedVi,
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
      empty: "Chưa có môn học nào. Ngân hàng câu hỏi sẽ xuất hiện ở đây khi được nạp.",
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
        "“Ôn lỗi sai”: những câu bạn từng làm sai quay lại đúng lúc cần ôn, để nhớ lâu hơn.",
        "“Đề của tôi”: tự tạo đề từ tệp Word, Moodle XML, GIFT, Aiken hoặc văn bản dán vào, giữ nguyên hình ảnh và công thức, rồi chia sẻ cho bạn bè bằng một liên kết.",
        "Đề theo cấu trúc thi tốt nghiệp THPT 2025: câu Đúng/Sai nhiều ý, câu trả lời ngắn và thi thử có tính giờ, chấm trên thang điểm 10.",
        "Luyện khi không có mạng: tải đề về máy, làm bài offline, kết quả được gửi khi có mạng trở lại.",
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
    /** A share link (`s_…`) that opens nothing any more: revoked, or the practice deleted. */
    notShared: {
      title: "Đề không còn được chia sẻ",
      heading: "Người tạo đã ngừng chia sẻ đề này",
      body: "Liên kết này không còn mở được đề: người tạo đã ngừng chia sẻ hoặc đã xóa đề. Nếu bạn vẫn cần luyện đề này, hãy xin người tạo một liên kết mới.",
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
  room: {
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
    questionLabel,
    questionLabelInPractice: (n: number, inPractice: number) =>
      `Câu ${n} (câu ${inPractice} của đề):`,
    answers: (n: number) => `Các đáp án của câu ${n}`,
    jumpList: "Đi tới câu hỏi",
    jumpTo: (n: number, answered: boolean) =>
      `Câu ${n}, ${answered ? "đã trả lời" : "chưa trả lời"}`,
    answeredWords: "Đã trả lời",
    confirmTitle: "Kết thúc bài làm?",
    confirmText: (k: number) => `Bạn còn ${k} câu chưa trả lời. Những câu này sẽ được tính là sai.`,
    keepGoing: "Làm tiếp",
    keyboardHint:
      "Phím tắt: 1–8 hoặc A–H để chọn đáp án, Enter hoặc → để sang câu tiếp theo, Space để tạm dừng.",
    resumed: "Đã mở lại bài bạn đang làm dở.",
    contentChanged:
      "Đề luyện tập vừa được cập nhật nên bài làm dở trên máy này đã được bắt đầu lại từ đầu.",
  },
  /** The 2025 exam's question kinds in the rooms (issue 27): Đúng/Sai and trả lời ngắn. */
  questionKinds: {
    true: "Đúng",
    false: "Sai",
    statementLetter: (letter: string) => `${letter})`,
    trueFalseHint: "Chọn Đúng hoặc Sai cho từng ý.",
    yourMark: (mark: boolean | null) =>
      mark === null ? "Bạn chưa chọn" : `Bạn trả lời: ${mark ? "Đúng" : "Sai"}`,
    truth: (value: boolean) => `Đáp án đúng: ${value ? "Đúng" : "Sai"}`,
    markRight: "trả lời đúng",
    markWrong: "trả lời sai",
    statementExplanation: "Giải thích:",
    statementsRight: (right: number, n: number) => `Đúng ${right}/${n} ý`,
    points: (points: number) => `${points.toLocaleString("vi-VN")} điểm`,
    boxesLabel: "Điền đáp án, mỗi ô một kí tự: chữ số từ 0 đến 9, dấu trừ “-” hoặc dấu phẩy “,”",
    box: (i: number, n: number) => `Ô ${i} trên ${n}`,
    plainLabel: "Điền đáp án",
    toPlain: "Nhập bằng ô thường",
    toBoxes: "Nhập bằng ô số",
    answer: "Trả lời",
    yourAnswer: (text: string) => `Bạn trả lời: ${text}`,
    noAnswer: "Bạn chưa trả lời",
    accepted: (values: readonly string[]) => `Đáp án đúng: ${values.join(" hoặc ")}`,
    tolerance: (value: number) => `(chấp nhận sai lệch ±${value.toLocaleString("vi-VN")})`,
    unanswered: "Bạn chưa trả lời",
    trueFalseKeys:
      "Phím tắt: Tab để sang ý tiếp theo, ← → để chọn Đúng hoặc Sai, Space để tạm dừng.",
    shortAnswerKeys:
      "Phím tắt: gõ đáp án rồi bấm Enter để trả lời, Enter hoặc → để sang câu tiếp theo.",
  },
  /** Pictures in questions (issue 26): the zoom beside a picture answer, the lightbox. */
  pictures: {
    zoomAnswer: (letter: string, n: number | null) =>
      n === null ? `Phóng to hình của đáp án ${letter}` : `Phóng to hình ${n} của đáp án ${letter}`,
    close: "Đóng",
    actualSize: "Kích thước thật",
    view: "Hình phóng to, cuộn để xem hết",
  },
  summary: {
    heading: "Kết quả luyện tập",
    time: (seconds: number) =>
      `Thời gian hoàn thành: ${Math.floor(seconds / 60)} phút ${seconds % 60} giây`,
    score: (k: number, n: number) => `Số câu đúng: ${k}/${n}`,
    ring: (percent: number) => `Tỉ lệ đúng ${percent}%`,
    list: "Danh sách câu hỏi",
    onlyWrong: (n: number) => `Chỉ xem câu sai (${n})`,
    retryWrong: (n: number) => `Ôn lại câu sai (${n})`,
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
    /** A guest's room (issue 28): scored by the server, kept on this device until a sign-up. */
    guestSaved:
      "Kết quả đã được chấm và giữ trên máy này trong 7 ngày. Đăng ký hoặc đăng nhập để lưu vào lịch sử luyện tập.",
    guestRegister: "Đăng ký để lưu kết quả",
    guestSignIn: "Đăng nhập",
  },
  /** The device's guest attempts after a sign-in (app/features/account/guest-claim.tsx). */
  guestClaim: {
    label: "Bài làm khi chưa đăng nhập",
    question: (n: number) =>
      n === 1
        ? "Máy này có 1 bài làm khi chưa đăng nhập. Lưu bài này vào lịch sử luyện tập của bạn?"
        : `Máy này có ${n} bài làm khi chưa đăng nhập. Lưu các bài này vào lịch sử luyện tập của bạn?`,
    item: (title: string, right: number, total: number) => `${title}: đúng ${right}/${total}`,
    save: "Lưu vào lịch sử",
    drop: "Không lưu",
    saving: "Đang lưu…",
    saved: (n: number) => `Đã lưu ${n} bài làm vào lịch sử luyện tập của bạn.`,
    nothingSaved:
      "Không lưu được bài làm nào: các bài đã quá 7 ngày, đã được lưu vào tài khoản khác, hoặc đề đã thay đổi.",
    failed: "Chưa lưu được bài làm (mất kết nối hoặc máy chủ bận). Vui lòng thử lại.",
  },
  practiceSetup: {
    title: "Thiết lập phòng luyện tập",
    heading: "Thiết lập phòng luyện tập",
    source: (source: string) => `Nguồn: ${source}`,
    /** A practice opened through its share link (issue 28): who made it. */
    author: (name: string) => `Người tạo: ${name}`,
    subject: (name: string) => `Môn ${name}`,
    byChapter: "Luyện tập theo chương",
    chapterContent: (text: string) => `Nội dung chương: ${text}`,
    rangeSize: "Chọn số lượng câu hỏi",
    rangeSizeOption: (n: number) => `${n} câu`,
    ranges: "Chọn bộ câu hỏi",
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
    questionLabel,
    questionList: "Danh sách câu hỏi",
    keyBadge: "Đáp án đúng",
    chooseKeys: (n: number) => `Chọn ${n} đáp án`,
    reference: "Tham khảo",
    explanation: "Lời giải",
    selectionSummary: (label: string, n: number) =>
      `${label} · ${n.toLocaleString("vi-VN")} câu hỏi`,
  },
  /** "Thi thử" (issue 27): the set-up choice, the exam sheet, its result. */
  mockExam: {
    mode: "Thi thử",
    modeHint:
      "Làm cả đề trong thời gian giới hạn, như thi thật: chỉ biết đúng sai sau khi nộp bài.",
    minutes: "Thời gian làm bài",
    minutesOption: (n: number) => `${n} phút`,
    noLimit: "Tắt",
    start: "Bắt đầu thi thử",
    starting: "Đang tạo bài thi…",
    startFailed: "Chưa tạo được bài thi. Vui lòng kiểm tra kết nối và thử lại.",
    title: "Thi thử",
    titleOf: (practice: string) => `${practice} — Thi thử`,
    notFoundHeading: "Không tìm thấy bài thi",
    notFoundText: "Bài thi này không tồn tại hoặc không thuộc tài khoản của bạn.",
    toHome: "Chọn đề khác",
    timeLeft: "Thời gian còn lại",
    timeLeftSpoken: (minutes: number, seconds: number) =>
      minutes > 0 ? `Còn ${minutes} phút ${seconds} giây` : `Còn ${seconds} giây`,
    noTimer: "Không giới hạn thời gian",
    warnFive: "Còn 5 phút nữa là hết giờ làm bài.",
    warnOne: "Còn 1 phút nữa là hết giờ. Bài sẽ được nộp tự động khi hết giờ.",
    timeUp: "Đã hết giờ. Bài làm đang được nộp tự động…",
    answeredCount: (k: number, n: number) => `Đã làm ${k}/${n}`,
    answeredWords: "Đã làm",
    panel: "Phiếu trả lời",
    panelToggle: "Phiếu trả lời",
    panelClose: "Đóng phiếu trả lời",
    stateBlank: "chưa làm",
    stateDone: "đã làm",
    stateFlagged: "đánh dấu",
    jumpTo: (n: number, done: boolean, flagged: boolean) =>
      `Câu ${n}, ${done ? "đã làm" : "chưa làm"}${flagged ? ", đánh dấu" : ""}`,
    flag: "Đánh dấu",
    flagOf: (n: number) => `Đánh dấu câu ${n} để xem lại`,
    trueLabel: "Đúng",
    falseLabel: "Sai",
    statement: (letter: string) => `Ý ${letter}`,
    statementsOf: (n: number) => `Các ý của câu ${n}: chọn Đúng hoặc Sai cho từng ý`,
    shortAnswer: "Câu trả lời",
    shortAnswerHint: "Ghi số hoặc câu trả lời ngắn, ví dụ -1,5",
    submit: "Nộp bài",
    submitting: "Đang nộp bài…",
    confirmTitle: "Nộp bài?",
    confirmText: (k: number) =>
      k === 0
        ? "Bạn đã làm tất cả các câu. Sau khi nộp sẽ không sửa được nữa."
        : `Bạn còn ${k} câu chưa làm. Sau khi nộp sẽ không sửa được nữa.`,
    keepGoing: "Làm tiếp",
    saved: "Đã lưu bài làm",
    savedLocally: "Mất kết nối: bài làm vẫn được giữ trên máy này và sẽ được gửi khi có mạng.",
    submitRetry: "Chưa nộp được bài (mất kết nối hoặc máy chủ bận). Đang thử lại…",
    submitRefused: "Không nộp được bài.",
    score: (score: string) => `Điểm: ${score}/10`,
    part: (roman: string, points: string, max: string) => `Phần ${roman}: ${points}/${max} điểm`,
    minutesUsed: (minutes: number | null) =>
      minutes === null || minutes === 0
        ? "Thi thử, không giới hạn thời gian"
        : `Thi thử ${minutes} phút`,
    takenOffline: "làm offline",
    onDeviceHeading: "Thi thử offline",
    onDeviceText: "Đang mở bài thi từ bản tải về trên máy này…",
    startOffline:
      "Không có mạng: bài thi thử được làm trên máy này từ bản đã tải về và chấm ngay trên máy.",
    needsDownload: "Không có mạng. Muốn thi thử khi không có mạng, hãy tải đề này về máy trước.",
    offlineLabel: "Thi thử offline, chấm trên máy này",
  },
  /** "Ôn lỗi sai": the banner on home and history, the review room. */
  reviewRoom: {
    bannerHeading: (n: number) => `Ôn tập hôm nay: ${n} câu`,
    bannerText: "Những câu bạn từng làm sai đã đến lúc ôn lại. Ôn đúng lúc giúp nhớ lâu hơn.",
    start: "Bắt đầu ôn",
    title: "Ôn lỗi sai",
    summaryHeading: "Kết quả ôn tập",
    label: (n: number) => `${n} câu đến hạn ôn`,
    /** "Ôn lại câu sai": a run over the mistakes of the run just finished or replayed. */
    retryTitle: "Ôn lại câu sai",
    retryLabel: (n: number) => `${n} câu làm sai ở lượt trước`,
    fromPractice: (title: string) => `Đề: ${title}`,
    noneHeading: "Hôm nay không có câu nào cần ôn",
    noneText:
      "Bạn đã ôn hết các câu làm sai đến hạn. Câu nào bạn làm sai trong các lần luyện tập sau sẽ quay lại đây đúng lúc cần ôn.",
    changedHeading: "Lượt ôn này không còn dùng được",
    changedText:
      "Danh sách câu cần ôn đã thay đổi (có thể một đề vừa được cập nhật). Hãy bắt đầu một lượt ôn mới.",
    startNew: "Bắt đầu lượt ôn mới",
    toHome: "Về trang chủ",
    newReview: "Ôn lượt mới",
    setupIntro: (n: number) => `Hôm nay có ${n} câu bạn từng làm sai cần ôn lại.`,
    questionTime: "Thời gian mỗi câu",
    slowHint: (seconds: number) =>
      `Câu trả lời đúng nhưng mất hơn ${seconds} giây được xem là chưa nhớ chắc, nên câu đó sẽ quay lại sớm hơn.`,
    badTimeHeading: "Thời gian mỗi câu không hợp lệ",
    badTimeText:
      "Địa chỉ này có thời gian mỗi câu không nằm trong các lựa chọn. Hãy chọn lại trước khi bắt đầu ôn.",
    chooseAgain: "Chọn lại",
  },
  history: {
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
    loadMore: "Tải thêm",
    filters: "Lọc lịch sử",
    subject: "Môn học",
    practice: "Đề",
    anySubject: "Tất cả môn",
    anyPractice: "Tất cả đề",
    applyFilters: "Lọc",
    noMatch: "Không có bài làm nào khớp với bộ lọc.",
    clearFilters: "Bỏ lọc",
    newest: "Về bài mới nhất",
    retry: "Làm lại đề này",
  },
  /** The history's "Thống kê" tab. */
  statistics: {
    tabs: "Chế độ xem",
    attemptsTab: "Bài đã làm",
    statisticsTab: "Thống kê",
    title: "Thống kê luyện tập",
    overview: "Tổng quan",
    questions: "Câu đã trả lời",
    accuracy: "Tỉ lệ đúng",
    time: "Thời gian luyện tập",
    daysInARow: "Ngày học liên tiếp",
    days: (n: number) => `${n.toLocaleString("vi-VN")} ngày`,
    keepStreak: "Hôm nay bạn chưa luyện tập: làm một bài để giữ chuỗi.",
    attempts: (n: number) => `${n.toLocaleString("vi-VN")} lần làm bài`,
    rightOf: (k: number, n: number) =>
      `${k.toLocaleString("vi-VN")}/${n.toLocaleString("vi-VN")} câu đúng`,
    percent: (p: number) => `${p}%`,
    duration: (seconds: number) => {
      const hours = Math.floor(seconds / 3600);
      const minutes = Math.floor((seconds % 3600) / 60);
      if (hours > 0) return `${hours.toLocaleString("vi-VN")} giờ ${minutes} phút`;
      return minutes > 0 ? `${minutes} phút` : `${seconds} giây`;
    },
    bySubject: "Tỉ lệ đúng theo tuần",
    bySubjectIntro: (weeks: number) =>
      `Mỗi cột là một tuần (từ thứ Hai), trong ${weeks} tuần gần nhất; cột chạm vạch trên cùng là 100%, vạch giữa là 50%. Tuần không làm bài để trống.`,
    noRecentWeeks: (weeks: number) => `Bạn chưa làm bài nào trong ${weeks} tuần gần nhất.`,
    chartCaption: (subject: string) => `Tỉ lệ đúng theo tuần, môn ${subject}`,
    weekColumn: "Tuần bắt đầu",
    firstWeek: (day: string) => `Tuần ${day}`,
    thisWeek: "Tuần này",
    questionsColumn: "Số câu",
    accuracyColumn: "Tỉ lệ đúng",
    lastWeek: (percent: number) => `Tuần gần nhất: ${percent}% đúng`,
    byPractice: "Theo từng đề",
    practiceFigures: (attempts: string, percent: number) => `${attempts} · ${percent}% đúng`,
    weakest: "Cần ôn thêm",
    weakScore: (percent: number, right: string, attempts: number) =>
      `${percent}% đúng (${right}, ${attempts} lần)`,
    noWeakChapter: "Chưa có chương nào dưới 100% đúng.",
    noWeakRange: "Chưa có bộ câu nào dưới 100% đúng.",
    wholePracticeOnly: "Làm theo chương hoặc theo bộ câu để biết phần nào cần ôn thêm.",
    unnamedChapter: (n: number) => `Chương ${n}`,
    practiseAgain: "Luyện lại",
    practiseAgainLabel: (what: string, practice: string) => `Luyện lại ${what}, đề ${practice}`,
    hiddenPractice: "Đề này đã được gỡ khỏi danh sách.",
  },
  /** "Tạo đề của tôi" and its edit page (ADR 0014). */
  ownPracticeEditor: {
    newTitle: "Tạo đề của tôi",
    editTitle: "Sửa đề",
    intro:
      "Dán câu hỏi của bạn vào ô bên dưới hoặc chọn một tệp. Phần xem trước cho thấy từng câu như khi luyện tập, cùng các lỗi cần sửa.",
    titleLabel: "Tên đề",
    titleHint: "Ví dụ: Tin học đại cương – ôn cuối kỳ",
    subjectLabel: "Tên môn (không bắt buộc)",
    textLabel: "Câu hỏi",
    textHint:
      "Mỗi câu gồm dòng “Câu 1: …”, các phương án “A. …”, “B. …” và dòng “Đáp án: …”. Cũng nhận định dạng Aiken, GIFT, Moodle XML, CSV và JSON.",
    fileLabel: "Chọn tệp",
    dropHint: `Hoặc kéo tệp thả vào đây: Word (${docx}), ${otherFileTypes.join(", ")}.`,
    converting: "Đang đọc tệp…",
    fileLoaded: (name: string) => `Đã đọc tệp “${name}”: nội dung đã được đưa vào ô câu hỏi.`,
    /** Pictures in the text (issue 26): pasted, dropped on the text area, or chosen. */
    insertPicture: "Chèn ảnh",
    pictureHint:
      "Ảnh được chèn vào chỗ con trỏ trong ô câu hỏi. Trên máy tính cũng có thể dán ảnh (Ctrl+V) hoặc kéo tệp ảnh thả vào ô.",
    pictureAlt: "Hình",
    /** Stands in the text, where the picture will go, while it is sent. */
    picturePlaceholder: (n: number) => `Đang tải ảnh ${n}…`,
    uploadingPicture: (count: number) => (count > 1 ? `Đang tải ${count} ảnh…` : "Đang tải ảnh…"),
    pictureInserted: "Đã chèn ảnh vào ô câu hỏi.",
    pictureFailed: "Chưa tải được ảnh lên. Hãy kiểm tra mạng rồi chèn lại.",
    pictureTooLarge: (megabytes: number) =>
      `Ảnh nặng quá ${megabytes} MB: hãy thu nhỏ hoặc nén ảnh rồi chèn lại`,
    helpHeading: "Cách viết câu hỏi",
    helpIntro:
      "Mỗi câu bắt đầu bằng “Câu” và số thứ tự (cũng nhận “Câu hỏi 1:”, “Bài 1:”, “Câu 1 (NB):”), tiếp theo là các phương án A, B, C, D… (một hay nhiều phương án trên một dòng), rồi dòng “Đáp án” (hoặc “ĐA: B”, “Chọn B”). Cũng nhận “*B.” hay “B. … (đúng)” trước hoặc sau phương án đúng, và bảng đáp án “1.A 2.C 3.B” sau chữ “HẾT”; với tệp Word, đáp án được gạch chân, tô màu hay in đậm cũng được nhận. Có thể thêm “Lời giải:” và chia chương bằng dòng “Chương 1: …” hoặc “PHẦN I. …”. Câu nhiều đáp án đúng ghi “Đáp án: A, C”; câu chọn một trong hai đáp án đúng ghi “Đáp án: B hoặc C”.",
    helpExample: [
      "Chương 1: Phần cứng",
      "Câu 1: 1 byte gồm bao nhiêu bit?",
      "A. 4 bit",
      "B. 8 bit",
      "C. 16 bit",
      "D. 32 bit",
      "Đáp án: B",
      "Lời giải: 1 byte = 8 bit.",
    ].join("\n"),
    helpKinds:
      "Đề theo cấu trúc 2025: câu Đúng/Sai có các ý a), b), c), d) và dòng “Đáp án: a) Đ, b) S, c) Đ, d) S” (hoặc “Đáp án: ĐSĐS”); câu trả lời ngắn không có phương án, chỉ có dòng “Đáp án: 1,5” (hoặc “Đáp số: 1,5”). Các dòng “PHẦN I”, “PHẦN II”, “PHẦN III” với tên phần (“Câu trắc nghiệm đúng sai”, “Câu trắc nghiệm trả lời ngắn”) cho biết dạng của các câu bên dưới; số câu có thể đánh lại từ 1 ở mỗi phần. Với tệp Word, ý đúng được gạch chân cũng được nhận.",
    helpKindsExample: [
      "PHẦN II. Câu trắc nghiệm đúng sai",
      "Câu 1: Cho hàm số y = 2x + 1.",
      "a) Đồ thị đi qua điểm (0; 1).",
      "b) Hàm số nghịch biến trên ℝ.",
      "c) Hệ số góc bằng 2.",
      "d) Đồ thị song song với đường thẳng y = x.",
      "Đáp án: a) Đ, b) S, c) Đ, d) S",
      "",
      "PHẦN III. Câu trắc nghiệm trả lời ngắn",
      "Câu 1: Tính 3 : 4.",
      "Đáp án: 0,75",
    ].join("\n"),
    statementTrue: "Đúng",
    statementFalse: "Sai",
    acceptedAnswers: "Đáp án được chấp nhận",
    tolerance: (value: string) => `sai số cho phép ±${value}`,
    helpMath: "Công thức viết giữa hai dấu $, ví dụ $x^2 + 1$; mã lệnh viết giữa hai dấu `.",
    previewHeading: "Xem trước",
    previewQuestions: "Các câu hỏi xem trước",
    previewEmpty: "Phần xem trước sẽ hiện ở đây khi bạn dán câu hỏi.",
    previewUpdating: "Đang cập nhật…",
    previewFailed: "Chưa cập nhật được phần xem trước. Hãy kiểm tra mạng rồi gõ tiếp.",
    summary: (questions: number, chapters: number) =>
      chapters > 0 ? `${questions} câu hỏi, ${chapters} chương` : `${questions} câu hỏi`,
    problemsHeading: (errors: number, warnings: number) =>
      [errors > 0 ? `${errors} lỗi` : "", warnings > 0 ? `${warnings} cảnh báo` : ""]
        .filter(Boolean)
        .join(", "),
    noProblems: "Không có lỗi nào: đề đã sẵn sàng để lưu.",
    savedElsewhereSummary: (title: string) => `Xem bản đang lưu: “${title}”`,
    savedElsewhereLabel:
      "Bản này được lưu sau khi bạn mở trang sửa. Hãy chép những gì cần giữ từ đây sang ô câu hỏi của bạn.",
    notesHeading: "Khi đọc tệp",
    line: (line: number) => `Dòng ${line}`,
    goToLine: (line: number) => `Đến dòng ${line} trong ô câu hỏi`,
    error: "Lỗi",
    warning: "Cảnh báo",
    emptyLine: "(dòng trống)",
    questionLabel,
    chooseKeys: (n: number) => `Chọn ${n} đáp án`,
    keyBadge: "đáp án đúng",
    explanation: "Lời giải",
    save: "Lưu đề",
    saving: "Đang lưu…",
    saveBlocked: "Hãy đặt tên đề và sửa hết lỗi để lưu.",
    notFound: "Không tìm thấy đề này trong các đề của bạn.",
    cancel: "Hủy",
  },

  /** "Đề của tôi" (ADR 0012): a student's own practices, their sharing, reports. */
  myPractices: {
    title: "Đề của tôi",
    menuLink: "Đề của tôi",
    create: "Tạo đề của tôi",
    intro: "Các đề bạn tự tạo. Đề chỉ mình bạn thấy cho đến khi bạn chia sẻ liên kết.",
    empty: "Bạn chưa có đề nào.",
    questions: (n: number) => `${n.toLocaleString("vi-VN")} câu hỏi`,
    attempts: (n: number) => `${n.toLocaleString("vi-VN")} lượt làm`,
    lastPractised: (date: string) => `Luyện lần cuối: ${date}`,
    neverPractised: "Chưa luyện lần nào",
    subject: (name: string) => `Môn: ${name}`,
    private: "Riêng tư",
    shared: "Đang chia sẻ",
    blocked: "Đã bị ẩn bởi quản trị viên",
    blockedText:
      "Đề này đã bị quản trị viên ẩn sau một báo cáo: chỉ bạn còn thấy đề, liên kết chia sẻ không mở được.",
    practise: "Luyện tập",
    edit: "Sửa",
    share: "Chia sẻ",
    unshare: "Ngừng chia sẻ",
    shareLink: "Liên kết chia sẻ",
    copy: "Sao chép liên kết",
    copied: "Đã sao chép liên kết.",
    delete: "Xóa đề",
    deleteConfirm: (title: string) =>
      `Xóa đề “${title}”? Lần làm bài của người khác trên đề này vẫn được giữ để xem lại.`,
    deleteYes: "Xóa đề",
    cancel: "Hủy",
    sharedDone: "Đã bật chia sẻ. Ai có liên kết đều mở được đề.",
    unsharedDone: "Đã ngừng chia sẻ: liên kết cũ không còn mở được đề.",
    deletedDone: "Đã xóa đề.",
    actionsOf: (title: string) => `Thao tác với đề ${title}`,
    deletedPractice: "Đề đã bị xóa: bạn vẫn xem lại được lần làm bài này.",
    ownSubject: "Đề của tôi",
    sharedSubject: "Đề được chia sẻ",
    report: "Báo cáo",
    reportHeading: "Báo cáo đề này",
    reportReason: "Lý do",
    reportHint: "Ví dụ: nội dung sai, xúc phạm, vi phạm bản quyền.",
    reportSend: "Gửi báo cáo",
    reportSent: "Cảm ơn bạn, báo cáo đã được gửi tới quản trị viên.",
    reportSignIn: "Đăng nhập để báo cáo đề này.",
  },

  /** /admin/reports: reports on shared practices, for operators. */
  reports: {
    title: "Báo cáo về đề",
    empty: "Không có báo cáo nào chưa xử lý.",
    practice: "Đề",
    reporter: "Người báo cáo",
    reason: "Lý do",
    date: "Ngày",
    actions: "Thao tác",
    hide: "Ẩn đề",
    unhide: "Bỏ ẩn",
    resolve: "Đã xử lý",
    hidden: "Đã ẩn",
    hiddenDone: "Đã ẩn đề.",
    unhiddenDone: "Đã bỏ ẩn đề.",
    resolvedDone: "Đã đánh dấu báo cáo là đã xử lý.",
  },

  catalogue: {
    attempts: (n: number) => `${n.toLocaleString("vi-VN")} đã làm`,
    chapters: (n: number) => `${n} chương`,
    questions: (n: number) => `${n.toLocaleString("vi-VN")} câu hỏi`,
    noPractices: "Môn này chưa có đề luyện tập nào.",
    openSubject: (name: string) => `Xem trang môn ${name}`,
    selected: "đang chọn",
  },

  /** Leaving a room half-done, and coming back to it (issue 28). */
  unfinished: {
    leaveTitle: "Rời khỏi bài đang làm?",
    leaveText:
      "Bài làm được giữ lại trên máy này, kể cả thời gian đã làm. Bạn có thể làm tiếp ở mục “Làm tiếp bài đang dở” trên trang chủ hoặc trang của đề.",
    stay: "Ở lại làm tiếp",
    leave: "Rời đi",
    heading: "Làm tiếp bài đang dở",
    atQuestion: (i: number, n: number) => `Câu ${i}/${n}`,
    answeredOf: (k: number, n: number) => `Đã trả lời ${k}/${n} câu`,
    time: (seconds: number) =>
      seconds < 60 ? `${seconds} giây` : `${Math.floor(seconds / 60)} phút ${seconds % 60} giây`,
    resume: "Làm tiếp",
    resumeLabel: (title: string) => `Làm tiếp: ${title}`,
    discard: "Bỏ bài này",
    discardLabel: (title: string) => `Bỏ bài đang dở: ${title}`,
    discarded: "Đã bỏ bài làm dở.",
  },
  /** The home page's search of subjects, practices and questions (issue 28). */
  search: {
    title: (query: string) => `Tìm “${query}”`,
    label: "Tìm đề luyện tập, câu hỏi hoặc môn học",
    placeholder: "Ví dụ: con trỏ, csdl, đại số Boole",
    submit: "Tìm",
    heading: (query: string) => `Kết quả cho “${query}”`,
    subjects: "Môn học",
    practices: "Đề luyện tập",
    questions: "Câu hỏi",
    found: (counts: { subjects: number; practices: number; questions: number; more: boolean }) => {
      const parts = [
        counts.subjects > 0 ? `${counts.subjects} môn học` : "",
        counts.practices > 0 ? `${counts.practices} đề luyện tập` : "",
        counts.questions > 0 ? `${counts.more ? "hơn " : ""}${counts.questions} câu hỏi` : "",
      ].filter(Boolean);
      const last = parts.pop();
      return `Tìm thấy ${parts.length ? `${parts.join(", ")} và ${last}` : last}.`;
    },
    nothing: (query: string) =>
      `Không tìm thấy đề luyện tập hay câu hỏi nào khớp với “${query}”. Hãy thử từ khóa ngắn hơn hoặc viết khác đi.`,
    tooLong: `Từ khóa tìm kiếm quá dài. Vui lòng nhập tối đa ${SEARCH_MAX_LENGTH} ký tự và ${SEARCH_MAX_WORDS} từ.`,
    more: (n: number) => `Đang hiện ${n} câu hỏi đầu tiên. Thêm từ khóa để thu hẹp kết quả.`,
    questionNumber: (n: number) => `Câu ${n.toLocaleString("vi-VN")}`,
    chapter: (n: number, title: string) => `Chương ${n}: ${title}`,
    matchedAnswer: "Phương án:",
    practiseChapter: "Luyện chương này",
    practiseRange: (start: number, end: number) => `Luyện câu ${start}–${end}`,
    practiseAll: "Luyện cả đề",
  },

  network: {
    timeout: "Máy chủ phản hồi quá lâu. Vui lòng kiểm tra kết nối mạng rồi thử lại.",
  },

  /** Offline use (ADR 0013): downloads, the outbox, the offline banner and page, updates. */
  offline: {
    banner:
      "Bạn đang ngoại tuyến. Các đề đã tải về vẫn luyện được; bài làm sẽ được gửi khi có mạng trở lại.",
    newVersion: "Có phiên bản mới",
    reload: "Tải lại",
    panelHeading: "Luyện khi không có mạng",
    download: "Tải về để luyện offline",
    downloadHint: (questions: number) =>
      `${questions.toLocaleString("vi-VN")} câu hỏi kèm công thức, hình vẽ và mã nguồn, mở được cả khi không có mạng.`,
    downloading: "Đang tải về…",
    downloaded: (size: string, date: string) => `Đã tải về ${size} lúc ${date}.`,
    refreshing: "Đề vừa được cập nhật trên máy chủ, đang tải bản mới…",
    removeDownload: "Xóa bản tải về",
    remove: "Xóa",
    removed: (title: string) => `Đã xóa bản tải về của “${title}” khỏi máy này.`,
    gone: (title: string) =>
      `Đề “${title}” không còn mở được (đã bị xóa hoặc ngừng chia sẻ) nên bản tải về đã được xóa khỏi máy này.`,
    downloadFailed: "Không tải về được. Hãy kiểm tra kết nối mạng rồi thử lại.",
    unsupported: "Trình duyệt này không hỗ trợ luyện offline.",
    signInToDownload: "Đăng nhập để tải về luyện offline",
    listHeading: "Đề đã tải về để luyện offline",
    listIntro: "Các đề này mở được trên máy này cả khi không có mạng.",
    listEmpty: "Bạn chưa tải đề nào. Mở một đề và chọn “Tải về để luyện offline”.",
    listItem: (questions: number, size: string, date: string) =>
      `${questions.toLocaleString("vi-VN")} câu · ${size} · tải ngày ${date}`,
    removeOf: (title: string) => `Xóa bản tải về của ${title}`,
    size: (bytes: number) =>
      bytes >= 1024 * 1024
        ? `${(bytes / 1024 / 1024).toLocaleString("vi-VN", { maximumFractionDigits: 1 })} MB`
        : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("vi-VN")} KB`,
    pageTitle: "Không có kết nối mạng — Ôn Tập",
    pageHeading: "Bạn đang ngoại tuyến",
    pageText: "Trang này cần kết nối mạng để mở. Khi có mạng trở lại, trang sẽ tự tải lại.",
    retry: "Thử lại",
    toHome: "Về trang chủ",
    queued:
      "Chưa có mạng: bài làm đã được lưu trên máy này và sẽ tự gửi lên khi có mạng trở lại, kể cả khi bạn đóng trình duyệt.",
    pendingHeading: "Bài làm chờ đồng bộ",
    pending: "Chờ đồng bộ",
    pendingHint: "Làm trên máy này khi không có mạng; sẽ được gửi lên khi có mạng.",
    pendingSignedOut: "Hãy đăng nhập lại để gửi bài làm này.",
    refused: (message: string) => `Không lưu được: ${message}`,
    dismiss: "Bỏ bài này",
    score: (right: number, total: number) => `đúng ${right}/${total} câu`,
    historyOffline:
      "Bạn đang ngoại tuyến: đây là lịch sử từ lần cuối trang này được mở khi có mạng.",
    roomNotDownloaded: "Đề này chưa được tải về máy nên không mở được khi không có mạng.",
    signOutUnsent: (count: number) =>
      `Còn ${count.toLocaleString("vi-VN")} bài làm trên máy này chưa gửi được lên máy chủ. Đăng xuất sẽ xóa chúng. Bạn vẫn muốn đăng xuất?`,
    synced: (count: number) =>
      `Đã gửi ${count.toLocaleString("vi-VN")} bài làm lúc ngoại tuyến lên máy chủ.`,
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

  /** Email verification and password reset. */
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
  },
} as const;
