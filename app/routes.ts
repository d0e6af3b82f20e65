import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  // The two tabs of one sign-in screen, each its own route.
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  // The second step of a password sign-in when the account has two-factor sign-in.
  route("login/two-factor", "routes/login-two-factor.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("practice-subject/:subjectCode", "routes/practice-subject.tsx"),
  route("practice-review/:practiceCode", "routes/practice-setup.tsx"),
  route("practice-review/:practiceCode/questions", "routes/practice-questions.ts"),
  // "Tải về để luyện offline" (ADR 0013): the whole practice for the device.
  route("practice-review/:practiceCode/offline", "routes/practice-download.ts"),
  route("practice-control", "routes/practice-room.tsx"),
  // "Thi thử" (issue 27): one mock exam's sheet, by its id.
  route("practice/:practiceCode/thi-thu/:id", "routes/mock-exam.tsx"),
  route("api/attempts", "routes/api.attempts.ts"),
  // After sign-up or sign-in: the device's guest attempts into the student's history.
  route("api/attempts/claim", "routes/api.attempts.claim.ts"),
  // The mock exam ("Thi thử", issue 27): start, the sheet as it stands, "Nộp bài".
  route("api/mock-exams", "routes/api.mock-exams.ts"),
  route("api/mock-exams/:examId/sheet", "routes/api.mock-exams.sheet.ts"),
  route("api/mock-exams/:examId/submit", "routes/api.mock-exams.submit.ts"),
  route("practice-history", "routes/history.tsx"),
  // "Báo đáp án sai" (issue 30): a student's report, and a reported question for its handler.
  route("api/question-reports", "routes/api.question-reports.ts"),
  route("question-reports/:questionId", "routes/question-reports.tsx"),
  // "Thảo luận" (issue 30): a question's comments.
  route("api/questions/:questionId/comments", "routes/api.comments.ts"),
  // "Ôn lỗi sai": starts a review of today's due cards, then is its room.
  route("mistakes", "routes/review-room.tsx"),
  // A student's own practices (ADR 0012): 'Đề của tôi', and below the editor.
  route("my-practices", "routes/my-practices.tsx"),
  // Reports on shared practices, for operators (`npm run user -- grant-admin EMAIL`).
  route("admin/reports", "routes/admin.reports.tsx"),
  // "Tạo đề của tôi" (ADR 0014): a student's own practice from pasted text or a file.
  route("my-practices/new", "routes/my-practices.new.tsx"),
  route("my-practices/preview", "routes/my-practices.preview.ts"),
  route("my-practices/:practiceCode/edit", "routes/my-practices.edit.tsx"),
  route("about", "routes/about.tsx"),
  route("logout", "routes/logout.ts"),
  route("profile", "routes/profile.tsx"),
  // "Tải dữ liệu của tôi": the signed-in user's attempts as a CSV or JSON download.
  route("profile/data-export", "routes/profile.data-export.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
