/** "Ôn lỗi sai": what a saved review is called in the history. */
export const viReview = {
  title: "Ôn lỗi sai",
  /** A review's description: the practices its questions came from. */
  fromPractices: (titles: readonly string[], more: number) =>
    `Câu sai từ: ${titles.join(", ")}${more > 0 ? ` và ${more} đề khác` : ""}`,
} as const;
