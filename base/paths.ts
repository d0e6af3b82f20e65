/**
 * Every address of the app that code builds, in one table (app/routes.ts maps them to pages).
 * It lives in base/ rather than app/lib/ because the server builds addresses too: the links in
 * mails (server/auth-mail.ts), the sign-in redirects (server/auth*.ts) and a share link
 * (services/own-practices/manage.ts), and the layers let those import base/ but not app/.
 *
 * A path segment from data (a practice or subject code) is encoded here and nowhere else.
 */

/** A query string appended to a path, or nothing when there is no parameter. */
function withQuery(path: string, query?: URLSearchParams | string): string {
  const text = query?.toString() ?? "";
  return text ? `${path}?${text}` : path;
}

/** `?redirectTo=…` carrying where a visitor was going; nothing when that is the home page. */
function redirectQuery(redirectTo: string): string {
  return redirectTo === "/" ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`;
}

const segment = encodeURIComponent;

/**
 * "Ôn môn này" / "Ôn đề này" (issue 30): the review room's parameter naming the one subject
 * (`mon=<code>`) or own practice (`de=<code>`) whose mistakes it reviews.
 */
export const REVIEW_OF_PARAM = { subject: "mon", practice: "de" } as const;

export const paths = {
  home: "/",
  /** The home page with one subject's practices shown. */
  homeSubject: (subjectCode: string) => withQuery("/", new URLSearchParams({ mon: subjectCode })),
  /** The home page with a query of its own: a search (`q`), the subject it was opened on (`mon`). */
  homeWith: (query: URLSearchParams) => withQuery("/", query),
  subject: (subjectCode: string) => `/practice-subject/${segment(subjectCode)}`,
  about: "/about",

  /** The set-up page of a practice, optionally with a selection already chosen. */
  practiceSetup: (practiceCode: string, query?: URLSearchParams) =>
    withQuery(`/practice-review/${segment(practiceCode)}`, query),
  /** React Router's data request for the set-up page (what an offline copy keeps). */
  practiceSetupData: (practiceCode: string) => `/practice-review/${segment(practiceCode)}.data`,
  practiceQuestions: (practiceCode: string, query: URLSearchParams) =>
    withQuery(`/practice-review/${segment(practiceCode)}/questions`, query),
  practiceDownload: (practiceCode: string) => `/practice-review/${segment(practiceCode)}/offline`,
  /** The room; its query (app/lib/room-setup.ts roomUrl) names the whole attempt. */
  room: (query?: URLSearchParams) => withQuery("/practice-control", query),
  roomPathname: "/practice-control",
  apiAttempts: "/api/attempts",
  apiClaimAttempts: "/api/attempts/claim",
  /** A mock exam ("Thi thử", issue 27): its page, started by POST apiMockExams. */
  mockExam: (practiceCode: string, examId: string) =>
    `/practice/${segment(practiceCode)}/thi-thu/${segment(examId)}`,
  apiMockExams: "/api/mock-exams",
  /** PUT: the answers as they stand; POST …/submit: "Nộp bài". */
  apiMockExamSheet: (examId: string) => `/api/mock-exams/${segment(examId)}/sheet`,
  apiMockExamSubmit: (examId: string) => `/api/mock-exams/${segment(examId)}/submit`,
  /** A picture pasted or dropped into the own-practice editor (server/picture-routes.ts). */
  apiPictures: "/api/pictures",

  /** The history: the list, one attempt (`id`), a practice's attempts or the statistics. */
  history: (query?: URLSearchParams | Record<string, string> | string) =>
    withQuery("/practice-history", query && new URLSearchParams(query)),
  /** "Ôn lỗi sai": without a query it starts a review, with one it is that review's room. */
  reviewRoom: (query?: URLSearchParams) => withQuery("/mistakes", query),
  /** The review of one subject's or own practice's mistakes alone. */
  reviewOf: (of: { kind: keyof typeof REVIEW_OF_PARAM; code: string }) =>
    withQuery("/mistakes", new URLSearchParams({ [REVIEW_OF_PARAM[of.kind]]: of.code })),

  myPractices: "/my-practices",
  myPracticeNew: "/my-practices/new",
  myPracticePreview: "/my-practices/preview",
  myPracticeEdit: (practiceCode: string) => `/my-practices/${segment(practiceCode)}/edit`,
  adminReports: "/admin/reports",
  /** "Báo đáp án sai" (issue 30): POST a report; a reported question's page for its handler. */
  apiQuestionReports: "/api/question-reports",
  questionReports: (questionId: number) => `/question-reports/${questionId}`,
  /** "Thảo luận": a question's comments (GET, with the address it was opened by; POST). */
  apiComments: (questionId: number, address?: string | null) =>
    withQuery(
      `/api/questions/${questionId}/comments`,
      address ? new URLSearchParams({ address }) : undefined,
    ),

  /** The sign-in page, then back to `redirectTo`. */
  login: (redirectTo = "/") => `/login${redirectQuery(redirectTo)}`,
  /** The sign-in page with a query of its own (a sign-in provider's failure). */
  loginWith: (query: URLSearchParams) => withQuery("/login", query),
  register: (redirectTo = "/") => `/register${redirectQuery(redirectTo)}`,
  loginTwoFactor: (redirectTo = "/") => `/login/two-factor${redirectQuery(redirectTo)}`,
  forgotPassword: "/forgot-password",
  /** Where the reset mail's link lands (its `token` is added by the mail). */
  resetPassword: "/reset-password",
  /** Where the verification mail's link lands, and the form that sends it again. */
  verifyEmail: "/verify-email",
  verifyEmailDone: "/verify-email?verified=1",
  logout: "/logout",
  profile: "/profile",
  dataExport: (format: "csv" | "json") =>
    withQuery("/profile/data-export", new URLSearchParams({ format })),

  /** An avatar file as stored in a user's `image` (server/avatar-store.ts). */
  avatarPrefix: "/avatars/",
  avatar: (file: string) => `/avatars/${file}`,
} as const;
