import type { Generated, Insertable, Selectable } from "kysely";

/** Table types shared by both dialects. Columns are snake_case, as in the migrations. */
export interface SubjectTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string;
  /** Space-separated search keywords without diacritics, e.g. "csdl sql". */
  keywords: string;
  sort_order: number;
}

export interface PracticeTable {
  id: Generated<number>;
  code: string;
  subject_id: number;
  title: string;
  description: string;
  source: string | null;
  hidden: Generated<number>;
  question_count: Generated<number>;
  attempt_count: Generated<number>;
  content_version: Generated<number>;
  sort_order: Generated<number>;
}

export interface DB {
  subject: SubjectTable;
  practice: PracticeTable;
}

export type Subject = Selectable<SubjectTable>;
export type NewSubject = Insertable<SubjectTable>;
export type Practice = Selectable<PracticeTable>;
export type NewPractice = Insertable<PracticeTable>;
