import { viAuth } from "./vi/auth.ts";
import { viAvatar } from "./vi/avatar.ts";
import { viSelection } from "./vi/selection.ts";
import { viAttempts } from "./vi/attempts.ts";
import { viReview } from "./vi/review.ts";
import { viRequests } from "./vi/requests.ts";
import { viValidation } from "./vi/validation.ts";
import { viRecoveryErrors } from "./vi/recovery-errors.ts";
import { viProviderSignIn } from "./vi/provider-sign-in.ts";
import { viDataExport } from "./vi/data-export.ts";
import { viQuestionReports } from "./vi/question-reports.ts";
import { viDiscussion } from "./vi/discussion.ts";
/**
 * The Vietnamese messages that both the browser and the server show: form and validation
 * errors, account errors, refusals of the HTTP layer, avatar and attempt-saving errors, the
 * names of question selections (a saved attempt's description).
 *
 * Each section is a module of its own in `vi/` (`viAuth` in `vi/auth.ts`, `viRequests` in
 * `vi/requests.ts`, …) and a screen imports the sections it shows: the bundler splits a page's
 * scripts by module, so only a module of its own keeps, say, the sign-in form's words out of the
 * home page (issue 29, ADR 0027). Server modules read them all through `sharedVi` (the server
 * never imports from app/).
 */
export const sharedVi = {
  auth: viAuth,
  avatar: viAvatar,
  selection: viSelection,
  attempts: viAttempts,
  review: viReview,
  requests: viRequests,
  validation: viValidation,
  recoveryErrors: viRecoveryErrors,
  providerSignIn: viProviderSignIn,
  dataExport: viDataExport,
  questionReports: viQuestionReports,
  discussion: viDiscussion,
} as const;
