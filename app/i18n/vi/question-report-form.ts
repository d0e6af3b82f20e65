/**
 * "Báo đáp án sai" (issue 30): the report form's words, fetched with the form at the first tap
 * (a module of its own: see ../vi.ts).
 */
export const viQuestionReportForm = {
  reasonLegend: "Câu này sai ở đâu?",
  note: "Ghi chú (không bắt buộc)",
  noteHint: (max: number) => `Ví dụ: đáp án đúng theo bạn và lý do, tối đa ${max} ký tự.`,
  send: "Gửi báo cáo",
  sending: "Đang gửi…",
  cancel: "Hủy",
  offline: "Không gửi được báo cáo. Hãy kiểm tra kết nối mạng rồi thử lại.",
} as const;
