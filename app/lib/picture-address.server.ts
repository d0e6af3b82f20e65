import { withPictureAddress } from "#base/pictures.ts";
import type { QuestionView } from "#db/catalogue.ts";
import { SHARE_PREFIX } from "#db/own-practices.ts";

/**
 * The questions of a practice as the address it was opened by may show them: through a share
 * link (`s_…`), every picture's address carries the link (`?p=`), so a student who has saved no
 * attempt of it yet may load its pictures (server/picture-routes.ts). Any other address: as
 * they are. Used by the three loaders that serve a practice by its address: its question list,
 * its room and its download.
 */
export function questionsForAddress(
  questions: readonly QuestionView[],
  address: string,
): readonly QuestionView[] {
  if (!address.startsWith(SHARE_PREFIX)) return questions;
  const at = (html: string) => withPictureAddress(html, address);
  return questions.map((question) => ({
    ...question,
    textHtml: at(question.textHtml),
    explanationHtml: question.explanationHtml === null ? null : at(question.explanationHtml),
    answers: question.answers.map((answer) => ({
      ...answer,
      html: at(answer.html),
      ...(answer.feedbackHtml === undefined ? {} : { feedbackHtml: at(answer.feedbackHtml) }),
    })),
  }));
}
