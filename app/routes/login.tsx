import type { Route } from "./+types/login";
import { authMeta } from "#app/features/auth/auth-error-boundary.tsx";
import { SignInScreen } from "#app/features/auth/sign-in-screen.tsx";
import { vi } from "#app/i18n/vi.ts";
import { LoginSchema } from "#base/auth-schemas.ts";
import { signInAction } from "#app/features/auth/auth-forms.server.ts";
import { signIn } from "#server/auth-operations.ts";

export { AuthErrorBoundary as ErrorBoundary } from "#app/features/auth/auth-error-boundary.tsx";
export { loadSignInScreen as loader } from "#app/features/auth/auth-forms.server.ts";

export const meta: Route.MetaFunction = authMeta(vi.pages.login.title);

/** Email and password, or a provider's button. */
export const action = (args: Route.ActionArgs) => signInAction(args, LoginSchema, signIn);

/** "/login": the sign-in tab. */
export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return <SignInScreen register={false} {...loaderData} result={actionData} />;
}
