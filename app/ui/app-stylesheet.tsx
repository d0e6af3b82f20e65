import { createContext, useContext } from "react";

/**
 * The app's stylesheet, inlined into every HTML page instead of linked: on a 150 ms phone link
 * a linked stylesheet costs a connection and a round trip before the first paint, and it was
 * queued behind the module preloads. entry.server.tsx provides the text and this response's
 * nonce (error pages included, which have no loader data); in the browser the context is empty
 * and React keeps the server's element (a `<style>` with `href` and `precedence` is a resource,
 * found again by its href), so the text is in no script.
 */
export const AppStylesheetContext = createContext<{ text: string; nonce?: string }>({ text: "" });

export function AppStylesheet() {
  const { text, nonce } = useContext(AppStylesheetContext);
  return (
    <style href="app-stylesheet" precedence="app" nonce={nonce}>
      {text}
    </style>
  );
}
