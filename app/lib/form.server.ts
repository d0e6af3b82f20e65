import { data } from "react-router";
import { viRequests } from "#base/i18n/vi/requests.ts";

/** NUL: PostgreSQL cannot store it in text, and no person types it. */
function hasNulCharacter(value: string): boolean {
  return value.includes("\u0000");
}

/** A thrown 4xx the root error boundary shows with its Vietnamese message. */
function badRequest(message: string, status = 400): never {
  throw data({ message }, { status });
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * The body of a form POST, read the one way every action reads it. What no page of ours sends
 * is refused here with a 4xx before any field is looked at: another content type (JSON,
 * text/plain, none), a body the parser cannot read (a multipart body without a boundary or cut
 * short), a file (none of these forms takes one; the avatar has its own route), or a NUL byte.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type")?.split(";", 1)[0]!.trim().toLowerCase();
  if (!type || !FORM_TYPES.has(type)) badRequest(viRequests.unsupportedForm, 415);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    badRequest(viRequests.unreadableForm);
  }
  for (const [name, value] of form) {
    if (typeof value !== "string") badRequest(viRequests.unreadableForm);
    if (hasNulCharacter(name) || hasNulCharacter(value)) badRequest(viRequests.badCharacter);
  }
  return form;
}
