import { lazy, Suspense, type ComponentProps } from "react";
import type { ExamDateForm as Form } from "./exam-date-form.tsx";

const ExamDateForm = lazy(() =>
  import("./exam-date-form.tsx").then((module) => ({ default: module.ExamDateForm })),
);

/**
 * "Ngày thi" on an own practice's set-up page (issue 30): only its owner sees it, so its script
 * and words load only for them (ADR 0028), not with every student's set-up page. The server
 * renders it in the first HTML.
 */
export function ExamDateCard(props: ComponentProps<typeof Form>) {
  return (
    <Suspense fallback={null}>
      <ExamDateForm {...props} />
    </Suspense>
  );
}
