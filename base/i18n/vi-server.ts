import {
  OWN_PRACTICE_FILE_TYPES,
  OWN_PRACTICE_MAX_BYTES,
  OWN_PRACTICE_MAX_QUESTIONS,
} from "#base/limits.ts";

/**
 * Vietnamese text only the server sends (the mails, the refusals worded by actions). It lives
 * apart from `vi.ts` so it never ships in the browser's bundle.
 */
export const serverVi = {
  /** POST /api/attempts of an attempt stamped with another user (ADR 0013): never shown as is. */
  attemptOwner:
    "Bài làm này được làm dưới một tài khoản khác nên không được lưu vào tài khoản này.",
  /** "Tạo đề của tôi" (ADR 0014): refusals of the live preview and of saving. */
  ownPracticeEditor: {
    errors: {
      UNAUTHENTICATED: "Vui lòng đăng nhập để tạo đề của bạn.",
      BAD_REQUEST: "Dữ liệu gửi lên không hợp lệ. Vui lòng tải lại trang rồi thử lại.",
      UNSUPPORTED_FILE: `Chưa đọc được loại tệp này: hãy chọn tệp ${OWN_PRACTICE_FILE_TYPES.slice(0, -1).join(", ")} hoặc ${OWN_PRACTICE_FILE_TYPES.at(-1)}.`,
      UNREADABLE_FILE: "Không đọc được tệp này.",
      TOO_MANY_REQUESTS: (seconds: number) =>
        `Bạn gửi quá nhiều yêu cầu xem trước. Vui lòng thử lại sau ${seconds} giây.`,
      FILE_TOO_COSTLY:
        "Tệp quá lớn hoặc quá phức tạp để đọc trong thời gian cho phép. Hãy chia tệp thành nhiều phần nhỏ hơn rồi thử lại.",
      TEXT_TOO_COSTLY:
        "Nội dung quá lớn hoặc quá phức tạp để đọc trong thời gian cho phép. Hãy chia thành nhiều đề nhỏ hơn rồi thử lại.",
      PARSER_BUSY: "Máy chủ đang bận đọc nhiều đề cùng lúc. Vui lòng thử lại sau vài giây.",
    },
    /** Problems of the student's text as a whole (content/parse-own-text.ts), shown in the preview. */
    textProblems: {
      empty: "Chưa có nội dung: hãy dán câu hỏi vào đây hoặc chọn một tệp",
      tooLarge: `Nội dung dài quá ${OWN_PRACTICE_MAX_BYTES / 1024 / 1024} MB: hãy chia thành nhiều đề nhỏ hơn`,
      tooManyQuestions: (count: number) =>
        `Đề có ${count} câu hỏi; tối đa là ${OWN_PRACTICE_MAX_QUESTIONS} câu: hãy chia thành nhiều đề nhỏ hơn`,
      noQuestion:
        "Chưa có câu hỏi nào: mỗi câu bắt đầu bằng một dòng “Câu 1: …”, tiếp theo là các phương án “A. …” và dòng “Đáp án: …”",
      severalPractices: (count: number) =>
        `Tệp JSON có ${count} đề; ở đây mỗi lần chỉ tạo được một đề: hãy tách thành từng tệp`,
      math: (error: string) => `Công thức không đọc được nên sẽ hiện nguyên văn: ${error}`,
    },
  },
  /** A picture brought into a question (content/pictures/encode-picture.ts) and its references. */
  pictures: {
    notAnImage: (name: string) =>
      `${name} không phải là ảnh PNG, JPEG, GIF, WebP, BMP hoặc TIFF nên không đưa vào được`,
    svg: (name: string) =>
      `${name} là ảnh SVG, có thể chứa mã chạy được nên không nhận: hãy lưu lại dạng PNG rồi chèn lại`,
    tooManyPixels: (name: string) =>
      `${name} quá lớn (trên 25 megapixel): hãy thu nhỏ ảnh rồi chèn lại`,
    tooManyBytes: (name: string, megabytes: number) =>
      `${name} nặng quá ${megabytes} MB: hãy thu nhỏ hoặc nén ảnh rồi chèn lại`,
    broken: (name: string) => `${name} bị hỏng hoặc không đọc được`,
    animatedTooBig: (name: string) =>
      `${name} là ảnh động quá lớn (tối đa 500 × 500 điểm ảnh, 50 khung hình): hãy dùng ảnh tĩnh`,
    storedTooBig: (name: string) =>
      `${name} vẫn quá nặng sau khi nén: hãy dùng ảnh nhỏ hơn hoặc ít chi tiết hơn`,
    missing: (ref: string) =>
      `Không tìm thấy ảnh “${ref}”: hãy chèn lại ảnh (dán hoặc kéo thả vào ô soạn đề)`,
    notInMoodleXml: (name: string) =>
      `Không tìm thấy ảnh “${name}” trong tệp: Moodle XML phải có thẻ <file name="${name}"> ngay trong phần dùng ảnh; hãy xuất lại từ Moodle hoặc chèn lại ảnh`,
    pastedMoodleXml: (name: string) =>
      `Ảnh “${name}” nằm trong nội dung XML được dán vào nên chưa được lưu: hãy kéo thả chính tệp .xml vào ô soạn đề`,
    tooMany: (count: number, max: number) =>
      `Đề có ${count} ảnh; tối đa là ${max} ảnh: hãy chia thành nhiều đề nhỏ hơn`,
    tooHeavy: (megabytes: number) =>
      `Ảnh của đề nặng quá ${megabytes} MB tổng cộng: hãy bỏ bớt ảnh hoặc chia thành nhiều đề`,
    thePicture: "Hình",
    /** POST /api/pictures, past PICTURE_UPLOAD_RATE (server/picture-routes.ts). */
    tooManyUploads: (minutes: number) =>
      `Bạn đã chèn quá nhiều ảnh trong ít phút. Vui lòng thử lại sau ${minutes} phút.`,
    /** The parse pool stopped the encoding (past its time or memory) or had no room for it. */
    tooCostly: (name: string) =>
      `${name} quá lớn hoặc quá phức tạp để xử lý kịp: hãy thu nhỏ ảnh rồi chèn lại`,
    notFound: "Không tìm thấy ảnh",
    zoom: (alt: string) => `Phóng to hình: ${alt}`,
  },
  /** A Word file's problems as a whole (content/docx/read-docx.ts), shown in the preview and by the importer. */
  docxProblems: {
    unreadable:
      "Không đọc được tệp Word: tệp bị hỏng hoặc không phải .docx (tệp .doc cũ hãy mở bằng Word và lưu lại dạng .docx)",
    tooBig: "Tệp Word chứa quá nhiều dữ liệu khi giải nén: hãy bỏ bớt ảnh hoặc chia nhỏ tài liệu",
    tooComplex:
      "Tệp Word quá lớn hoặc quá phức tạp để đọc: hãy chia tài liệu thành nhiều tệp nhỏ hơn, hoặc dán nội dung vào ô soạn đề",
    /** Who a picture's refusal (serverVi.pictures) names: the note stands at its line. */
    thePicture: "Ảnh ở dòng này",
    theFormula: "Công thức MathType ở dòng này",
    /** The alt text of a MathType formula's picture. */
    formulaAlt: "Công thức",
    pictureNotInFile:
      "Ảnh ở dòng này không nằm trong tệp Word (ảnh được liên kết từ nơi khác): hãy chèn hẳn ảnh vào tài liệu rồi lưu lại",
    pictureEmf:
      "Ảnh ở dòng này là ảnh EMF, chưa chuyển được: hãy lưu ảnh dạng PNG hoặc JPEG rồi chèn lại",
    pictureWmf:
      "Ảnh ở dòng này là ảnh WMF không vẽ lại được: hãy lưu ảnh dạng PNG hoặc JPEG rồi chèn lại",
    formulaEmf:
      "Công thức MathType ở dòng này là ảnh EMF, chưa chuyển được: hãy gõ lại công thức, ví dụ $\\sqrt{x}$",
    formulaWmf:
      "Công thức MathType ở dòng này có ảnh xem trước (WMF) không vẽ lại được: hãy gõ lại công thức, ví dụ $\\sqrt{x}$",
    equationPartly: (latex: string, parts: string) =>
      `Công thức “${latex}” có phần chưa chuyển được (${parts}): hãy kiểm tra và gõ lại phần đó, ví dụ $\\frac{1}{2}$`,
    mathType:
      "Công thức MathType (hoặc Equation 3.0) chưa đọc được: hãy gõ lại công thức ở dòng này, ví dụ $\\sqrt{x}$, hoặc chèn lại bằng công thức của Word",
    legacyFont: (font: string, encoding: string) =>
      `Đã chuyển chữ phông “${font}” (bảng mã ${encoding}) sang Unicode: hãy kiểm tra lại dấu tiếng Việt`,
  },
  /** Refusals of POST /api/attempts that only the server words. */
  attempts: {
    errors: {
      BAD_RESPONSE:
        "Bài làm có câu trả lời không đúng dạng của câu hỏi (câu Đúng/Sai cần chọn Đúng hoặc Sai cho từng ý, câu trả lời ngắn cần một đáp án tối đa 32 ký tự) nên kết quả không được lưu.",
      PRACTICE_CLOSED:
        "Bài ôn có câu hỏi của đề mà bạn không còn mở được (đề đã ngừng chia sẻ, bị ẩn hoặc bị xóa) nên kết quả không được lưu.",
      GUEST_ID_TAKEN:
        "Mã bài làm này đã được dùng cho một bài làm khác nên kết quả không được chấm. Vui lòng làm lại đề.",
      GUEST_EXAM: "Vui lòng đăng nhập để làm bài thi thử.",
      GUEST_TOO_MANY: (minutes: number) =>
        `Máy của bạn đã nộp quá nhiều bài làm khi chưa đăng nhập. Vui lòng thử lại sau ${minutes} phút, hoặc đăng nhập để tiếp tục.`,
      CLAIM_TOO_MANY: (minutes: number) =>
        `Bạn đã gửi quá nhiều yêu cầu lưu bài làm. Vui lòng thử lại sau ${minutes} phút.`,
    },
  },
  /** The mock exam ("Thi thử", issue 27): refusals of its routes (services/mock-exams/). */
  mockExams: {
    errors: {
      UNAUTHENTICATED: "Vui lòng đăng nhập để làm bài thi thử.",
      BAD_REQUEST: "Dữ liệu gửi lên không hợp lệ. Vui lòng tải lại trang rồi thử lại.",
      BAD_EXAM_ID: "Mã bài thi không hợp lệ. Vui lòng bắt đầu lại từ trang đề.",
      BAD_MINUTES: (choices: string) =>
        `Thời gian làm bài chỉ có thể là ${choices} phút hoặc “Tắt”.`,
      PRACTICE_NOT_FOUND: "Không tìm thấy đề này, hoặc bạn không còn quyền mở đề này.",
      NOT_FOUND: "Không tìm thấy bài thi này.",
      NO_QUESTIONS: "Phần đã chọn không có câu hỏi nào. Hãy chọn phần khác của đề.",
      TOO_MANY_QUESTIONS: (max: number) =>
        `Một bài thi thử có tối đa ${max} câu. Hãy chọn một chương hoặc một khoảng câu nhỏ hơn.`,
      ID_TAKEN: "Mã bài thi này đã được dùng cho một bài làm khác. Vui lòng bắt đầu lại.",
      BAD_ANSWERS:
        "Phiếu trả lời không khớp với các câu hỏi của bài thi nên không được lưu. Vui lòng tải lại trang.",
      BAD_TOTAL_TIME: "Thời gian làm bài không hợp lệ nên bài không được nộp.",
      TIME_UP: "Đã hết giờ làm bài.",
      ALREADY_SUBMITTED: "Bài thi này đã được nộp.",
      RATE_LIMITED: (minutes: number) =>
        `Bạn đã bắt đầu quá nhiều bài thi thử. Vui lòng thử lại sau ${minutes} phút.`,
    },
  },
  /** A student's own practices (ADR 0012): refusals of their server functions and routes. */
  ownPractices: {
    errors: {
      NOT_FOUND: "Không tìm thấy đề này trong “Đề của tôi”.",
      TITLE_REQUIRED: "Vui lòng nhập tên đề.",
      TITLE_TOO_LONG: (max: number) => `Tên đề chỉ được có tối đa ${max} ký tự.`,
      SUBJECT_TOO_LONG: (max: number) => `Tên môn chỉ được có tối đa ${max} ký tự.`,
      NO_QUESTIONS: "Đề chưa có câu hỏi nào.",
      HAS_PROBLEMS: "Đề còn lỗi nên chưa được lưu: hãy sửa các dòng được đánh dấu.",
      TOO_MANY_QUESTIONS: (max: number) =>
        `Đề có quá nhiều câu hỏi: tối đa ${max.toLocaleString("vi-VN")} câu một đề.`,
      TOO_LARGE: (megabytes: number) => `Nội dung đề quá lớn: tối đa ${megabytes} MB một đề.`,
      TOO_MANY_PRACTICES: (max: number) =>
        `Bạn đã có ${max} đề, số đề tối đa của một tài khoản. Hãy xóa bớt đề cũ trước khi tạo đề mới.`,
      RATE_LIMITED: (minutes: number) =>
        `Bạn đã tạo quá nhiều đề trong thời gian ngắn. Vui lòng thử lại sau ${minutes} phút.`,
      INVALID: (problem: string) => `Đề còn lỗi: ${problem}`,
      STALE_EDIT:
        "Đề này vừa được lưu ở một nơi khác (thẻ hoặc thiết bị khác) sau khi bạn mở trang sửa, nên bản của bạn chưa được lưu. Nội dung bạn nhập vẫn còn nguyên bên dưới; hãy xem bản đang lưu, gộp các thay đổi rồi bấm “Lưu đề” lần nữa.",
      REPORT_REASON_REQUIRED: "Vui lòng ghi lý do báo cáo.",
      REPORT_REASON_TOO_LONG: (max: number) => `Lý do chỉ được có tối đa ${max} ký tự.`,
      REPORT_RATE_LIMITED: (minutes: number) =>
        `Bạn đã gửi quá nhiều báo cáo. Vui lòng thử lại sau ${minutes} phút.`,
      REPORT_OWN: "Bạn không thể báo cáo đề của chính mình.",
      NOT_OPERATOR: "Chỉ người quản trị mới làm được việc này.",
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
  /**
   * The refusals of two-factor sign-in and its set-up, which only the server words (from
   * better-auth's codes, server/auth-failure.ts, and from the code forms).
   */
  twoFactorErrors: {
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
} as const;
