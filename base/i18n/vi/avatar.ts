/** The profile picture (the alerts and toasts keep the spec's words). */
export const viAvatar = {
  change: "Thay ảnh đại diện",
  add: "Thêm ảnh đại diện",
  section: "Ảnh đại diện",
  hint: "Ảnh GIF, JPEG hoặc PNG, dưới 1MB. Ảnh được cắt vuông ở giữa và thu nhỏ còn 256×256.",
  notImage: "Vui lòng chọn file hình ảnh",
  tooLarge: "Vui lòng chọn ảnh có kích thước dưới 1MB và tỉ lệ 1:1",
  signInFirst: "Vui lòng đăng nhập để thay ảnh đại diện",
  uploading: (percent: number) => `Đang tải ảnh lên… ${percent}%`,
  retrying: "Mạng chập chờn, đang thử tải lên lại…",
  progressLabel: "Tiến độ tải ảnh lên",
  cancel: "Hủy",
  canceled: "Đã hủy tải ảnh đại diện lên.",
  success: "Cập nhật ảnh đại diện thành công!",
  failure: "Cập nhật ảnh đại diện thất bại",
} as const;
