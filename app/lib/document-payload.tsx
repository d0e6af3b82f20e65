import { createContext, use } from "react";

/**
 * A page's largest data, sent once as JSON beside its HTML instead of through React Router's
 * loader data (issue 29). Loader data is encoded per request as turbo-stream, then as a string
 * inside a script, escaped twice: for the room's ~115 KB of questions that was a third of the
 * page's CPU and 171 KB of the page. A loader rendering a document instead hands the value to
 * `context.documentPayload` and returns null in its place; the server renders with the value
 * (DocumentPayloadContext), entry.server.tsx writes its JSON into the placeholder of
 * <DocumentPayloadScript>, and the browser reads it back from there at hydration
 * (useDocumentPayload). Data for a navigation in the app (`.data`) keeps the value in the
 * loader data, as before: only a document has a script to read.
 */

const ELEMENT_ID = "document-payload";
export const DOCUMENT_PAYLOAD_PLACEHOLDER = "/*document-payload*/";
/**
 * What entry.server.tsx looks for: the placeholder right after our script's own opening tag.
 * React escapes quotes and `>` in every text and attribute but a script or style's own text,
 * so no question, title or name can forge it; the page's only other scripts are ours.
 */
export const DOCUMENT_PAYLOAD_AT = `id="${ELEMENT_ID}">${DOCUMENT_PAYLOAD_PLACEHOLDER}`;

/** The server's value, for the server's render. */
export const DocumentPayloadContext = createContext<unknown>(undefined);

let read: { element: Element; value: unknown } | null = null;

/**
 * The document's payload: the server's value while rendering there; in the browser, the JSON
 * the page came with, parsed once. Undefined when the page has none.
 */
export function useDocumentPayload<T>(): T | undefined {
  const onServer = use(DocumentPayloadContext);
  if (import.meta.env.SSR) return onServer as T | undefined;
  const element = document.getElementById(ELEMENT_ID);
  if (!element?.textContent) return undefined;
  if (read?.element !== element) read = { element, value: JSON.parse(element.textContent) };
  return read.value as T;
}

/**
 * Where the payload goes, rendered before anything of the page's own content. The browser
 * keeps the text it was sent: React does not rewrite a hydrated script's inner HTML.
 */
export function DocumentPayloadScript() {
  return (
    <script
      type="application/json"
      id={ELEMENT_ID}
      dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? DOCUMENT_PAYLOAD_PLACEHOLDER : "" }}
    />
  );
}
