import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  // One screen serves both (spec section 2); the id tells which tab opens first.
  route("login", "routes/login.tsx", { id: "routes/login" }),
  route("register", "routes/login.tsx", { id: "routes/register" }),
  // "Quên mật khẩu" is the same screen's third form; the mailed links land on their own pages.
  route("forgot-password", "routes/login.tsx", { id: "routes/forgot-password" }),
  // The second step of a password sign-in when the account has two-factor sign-in.
  route("login/two-factor", "routes/login-two-factor.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("practice-subject/:subjectCode", "routes/practice-subject.tsx"),
  route("practice-review/:practiceCode", "routes/practice-review.tsx"),
  route("practice-review/:practiceCode/questions", "routes/practice-questions.ts"),
  route("practice-control", "routes/practice-control.tsx"),
  route("api/attempts", "routes/api.attempts.ts"),
  route("practice-history", "routes/practice-history.tsx"),
  route("about", "routes/about.tsx"),
  route("logout", "routes/logout.ts"),
  route("profile", "routes/profile.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
