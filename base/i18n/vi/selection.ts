/** A selection's name: set-up tiles, the room, the summary and a saved attempt's description. */
export const viSelection = {
  chapterTitle: (n: number, title: string) => `Chương ${n}: ${title}`,
  range: (start: number, end: number) => `Câu ${start} - ${end}`,
  all: (n: number) => `Tất cả ${n.toLocaleString("vi-VN")} câu hỏi`,
} as const;
