import { SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS } from "#base/limits.ts";

/**
 * A question card's heading, one wording wherever a question is shown: the set-up page's preview,
 * the room and the own-practice editor's preview (which shows each question as the room will).
 */
export const questionLabel = (n: number) => `Câu ${n}:`;

/**
 * Every string a user sees, in Vietnamese. Components import `vi` and never hold text of their
 * own, so wording is reviewed in one place and typos are type errors. The messages the server
 * shows too live in `base/i18n/vi.ts`, a section each (`viAuth`, `viRequests`, …) that a screen
 * imports by itself, so a page loads only the sections it shows; mail text is in
 * `base/i18n/vi-server.ts`, so it never reaches the browser.
 *
 * This module is the text every page may show (the shell, home, errors), and every page loads it.
 * A screen's own text (the room, the set-up page, the history, the editor, …) is a module of its
 * own in `vi/`, e.g. `viRoom` in `vi/room.ts`, so that only the pages showing that screen load it
 * (issue 29: it was 12 KB of every first visit's JavaScript).
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
    /** The account menu's links; the history and "Đề của tôi" take their headings from here too. */
    profile: "Tài khoản của tôi",
    history: "Lịch sử luyện tập",
    myPractices: "Đề của tôi",
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

  /** The banner on home and the history that opens the review of mistakes (vi/review-room.ts). */
  reviewBanner: {
    heading: (n: number) => `Ôn tập hôm nay: ${n} câu`,
    text: "Những câu bạn từng làm sai đã đến lúc ôn lại. Ôn đúng lúc giúp nhớ lâu hơn.",
    start: "Bắt đầu ôn",
    /** With exam days set: the review of every subject at once (each exam has its own). */
    mixed: "Ôn trộn tất cả môn",
  },

  /**
   * What the shell says offline (app/features/offline/offline-shell.tsx): the banner, a new
   * version ready, the outbox sent; the status screen of a page that needs the network, and a
   * sign-out with answers still unsent (the rest of the offline text is vi/offline.ts).
   */
  offlineStatus: {
    banner:
      "Bạn đang ngoại tuyến. Các đề đã tải về vẫn luyện được; bài làm sẽ được gửi khi có mạng trở lại.",
    newVersion: "Có phiên bản mới",
    reload: "Tải lại",
    synced: (count: number) =>
      `Đã gửi ${count.toLocaleString("vi-VN")} bài làm lúc ngoại tuyến lên máy chủ.`,
    pageHeading: "Bạn đang ngoại tuyến",
    pageText: "Trang này cần kết nối mạng để mở. Khi có mạng trở lại, trang sẽ tự tải lại.",
    signOutUnsent: (count: number) =>
      `Còn ${count.toLocaleString("vi-VN")} bài làm trên máy này chưa gửi được lên máy chủ. Đăng xuất sẽ xóa chúng. Bạn vẫn muốn đăng xuất?`,
  },

  /** The reminder on every page to verify the email (the recovery pages are vi/recovery.ts). */
  verifyReminder: {
    reminderLabel: "Xác minh email",
    reminderText: (email: string) =>
      `Hãy xác minh email ${email} bằng liên kết chúng tôi đã gửi vào hộp thư của bạn. Trong lúc chờ, bạn vẫn luyện tập bình thường.`,
    resend: "Gửi lại",
    resending: "Đang gửi…",
    dismiss: "Ẩn nhắc nhở",
  },

  footer: {
    contact: "Liên hệ với chúng tôi:",
    email: "Gửi email",
    facebook: "Facebook",
    github: "GitHub",
    credit: "Ôn Tập — làm bởi một nhóm sinh viên, dành cho sinh viên.",
  },

  pages: {
    /** The screen of a request the server refused (a 400 with a message of `viRequests`). */
    refusedHeading: "Yêu cầu không hợp lệ",
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
  /** Pictures in questions (issue 26): the zoom beside a picture answer, the lightbox. */
  pictures: {
    zoomAnswer: (letter: string, n: number | null) =>
      n === null ? `Phóng to hình của đáp án ${letter}` : `Phóng to hình ${n} của đáp án ${letter}`,
    close: "Đóng",
    actualSize: "Kích thước thật",
    view: "Hình phóng to, cuộn để xem hết",
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
} as const;
