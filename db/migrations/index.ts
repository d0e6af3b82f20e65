import type { Migration } from "kysely";
import * as catalogue from "./0001-catalogue.ts";
import * as questions from "./0002-questions.ts";
import * as accounts from "./0003-accounts.ts";
import * as attempts from "./0004-attempts.ts";
import * as twoFactor from "./0005-two-factor.ts";
import * as attemptPerUser from "./0006-attempt-per-user.ts";
import * as anyKey from "./0007-any-key.ts";
import * as reviewCard from "./0008-review-card.ts";
import * as historyIndex from "./0009-attempt-history-index.ts";
import * as reviewAttempt from "./0010-review-attempt.ts";
import * as avatar from "./0011-avatar.ts";
import * as ownPractices from "./0012-own-practices.ts";
import * as ownPracticeEditVersion from "./0013-own-practice-edit-version.ts";
import * as pictures from "./0014-pictures.ts";
import * as questionKinds from "./0015-question-kinds.ts";
import * as mockExams from "./0016-mock-exams.ts";
import * as questionSearchText from "./0017-question-search-text.ts";
import * as guestAttempts from "./0018-guest-attempts.ts";
import * as examDates from "./0019-exam-dates.ts";
import * as answerShares from "./0020-answer-shares.ts";
import * as questionReports from "./0021-question-reports.ts";
import * as comments from "./0022-comments.ts";
import * as confidence from "./0023-confidence.ts";
import * as practiceExamDates from "./0024-practice-exam-dates.ts";

/**
 * Every migration, in order, bundled in code: a file-based provider cannot find files once the
 * server is bundled. Names sort lexically; never rename or edit a migration that has shipped.
 */
export const migrations: Record<string, Migration> = {
  "0001-catalogue": catalogue,
  "0002-questions": questions,
  "0003-accounts": accounts,
  "0004-attempts": attempts,
  "0005-two-factor": twoFactor,
  "0006-attempt-per-user": attemptPerUser,
  "0007-any-key": anyKey,
  "0008-review-card": reviewCard,
  "0009-attempt-history-index": historyIndex,
  "0010-review-attempt": reviewAttempt,
  "0011-avatar": avatar,
  "0012-own-practices": ownPractices,
  "0013-own-practice-edit-version": ownPracticeEditVersion,
  "0014-pictures": pictures,
  "0015-question-kinds": questionKinds,
  "0016-mock-exams": mockExams,
  "0017-question-search-text": questionSearchText,
  "0018-guest-attempts": guestAttempts,
  "0019-exam-dates": examDates,
  "0020-answer-shares": answerShares,
  "0021-question-reports": questionReports,
  "0022-comments": comments,
  "0023-confidence": confidence,
  "0024-practice-exam-dates": practiceExamDates,
};
