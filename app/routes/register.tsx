import type { Route } from "./+types/register";
import { authMeta } from "#app/features/auth/auth-error-boundary.tsx";
import { SignInScreen } from "#app/features/auth/sign-in-screen.tsx";
import { vi } from "#app/i18n/vi.ts";
import { RegisterSchema } from "#base/auth-schemas.ts";
import { signInAction } from "#app/features/auth/auth-forms.server.ts";
import { signUp } from "#server/auth-operations.ts";

export { AuthErrorBoundary as ErrorBoundary } from "#app/features/auth/auth-error-boundary.tsx";
export { loadSignInScreen as loader } from "#app/features/auth/auth-forms.server.ts";

export const meta: Route.MetaFunction = authMeta(vi.pages.login.registerTitle);

/** Name, email and password, or a provider's button. */
export const action = (args: Route.ActionArgs) => signInAction(args, RegisterSchema, signUp);

/** "/register": the sign-up tab of the sign-in screen. */
export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  return <SignInScreen register {...loaderData} result={actionData} />;
}
