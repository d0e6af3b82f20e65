import type { Route } from "./+types/profile.data-export";
import { requireUser } from "#app/lib/session.server.ts";
import {
  dataExportResponse,
  EXPORT_FORMATS,
  type ExportFormat,
} from "#services/data-export/data-export.ts";
import { viDataExport } from "#base/i18n/vi/data-export.ts";

/**
 * GET /profile/data-export?format=csv|json: "Tải dữ liệu của tôi", every attempt and answer of
 * the signed-in user as a download. A visitor goes to sign-in and comes back here (requireUser,
 * through safeRedirectPath); a user only ever gets their own attempts.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const format = new URL(request.url).searchParams.get("format") ?? "csv";
  if (!EXPORT_FORMATS.includes(format as ExportFormat)) {
    return Response.json(
      { code: "BAD_FORMAT", message: viDataExport.badFormat },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  return dataExportResponse(context.db, user, format as ExportFormat, new Date());
}
