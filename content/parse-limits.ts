/**
 * Every bound on reading a file or text nobody vouches for (a student's upload, a pasted text,
 * a bank file given to the CLI), in one place (ADR 0015). The pool's four can be changed per
 * deployment through server/env.ts (PARSE_THREADS, PARSE_QUEUE, PARSE_TIME_LIMIT_MS,
 * PARSE_MEMORY_MB); these are their defaults.
 */
export const PARSE_LIMITS = {
  /**
   * What a .docx may hold once unzipped, every entry together: a 2 MB text is a few MB of XML,
   * and images count too. A zip's own size fields can lie, so this is measured by inflating.
   */
  docxUnzippedBytes: 64 * 1024 * 1024,
  /**
   * One XML part of a .docx (document.xml above all): the Word reader (content/docx/) builds
   * the whole XML tree in memory, at about 1 s per 2 MB of plain paragraphs on a busy machine
   * (2.5 times faster than mammoth, which read 6 MB in ~2.5 s). A bigger part could never be
   * read within the time below, so it is refused before it is even unpacked whole.
   */
  docxXmlPartBytes: 8 * 1024 * 1024,
  /** Elements inside elements: Word's own documents stay under 50, even with nested tables. */
  docxXmlDepth: 256,
  /**
   * Threads reading files and texts, at most, per instance of the server. They are started
   * when a job arrives and ended after `idleThreadMs` without one: an idle thread with the
   * readers loaded holds ~45 MB (a 16 MB young generation, the modules, libvips), and most
   * minutes of a server see no upload at all (issue 29).
   */
  threads: 2,
  /**
   * A thread with no job for this long is ended. The next job starts one, which counts against
   * its time (~0.25 s here): a student's answer stays within the limit below, whatever the
   * threads were doing.
   */
  idleThreadMs: 60_000,
  /** Jobs waiting for a thread, per instance; past this, a request is answered "busy" at once. */
  queue: 16,
  /**
   * From a job's arrival at the pool to its answer, waiting included: a job still running then
   * is stopped (its thread is ended). With the request's own reading and the answer around it,
   * a student has an answer within 5 s. A 2 MB text's preview takes ~0.2 s; a Word file of
   * about 4 MB of XML (1.5 MB of text) is read well within this time on this machine.
   */
  timeLimitMs: 3_000,
  /** The JavaScript heap of one thread; a job that needs more is stopped. */
  memoryMb: 256,
} as const;
