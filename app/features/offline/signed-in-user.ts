import { useRouteLoaderData } from "react-router";

/** The signed-in student's id from the root loader: what this device's offline data is filed under. */
export function useSignedInUserId(): string {
  const root = useRouteLoaderData("root") as { user?: { id: string } | null } | undefined;
  return root?.user?.id ?? "";
}
