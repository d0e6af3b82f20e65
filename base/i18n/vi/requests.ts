/** Refusals of the HTTP layer itself and of requests no page of ours sends: nothing is read or stored. */
export const viRequests = {
  unavailable: "Cơ sở dữ liệu của máy chủ đang tạm thời gặp sự cố. Vui lòng thử lại sau ít phút.",
  refusedHeading: "Yêu cầu không được xử lý",
  home: "Về trang chủ",
  tooLarge: (limit: string) =>
    `Dữ liệu gửi lên quá lớn (tối đa ${limit}) nên yêu cầu không được xử lý.`,
  lengthRequired:
    "Yêu cầu không cho biết độ dài dữ liệu gửi lên (Content-Length) nên không được xử lý.",
  crossSite:
    "Yêu cầu này đến từ một trang web khác nên đã bị từ chối. Hãy thao tác trực tiếp trên Ôn Tập.",
  unsupportedForm:
    "Biểu mẫu được gửi ở định dạng không hợp lệ. Vui lòng tải lại trang rồi gửi lại.",
  unreadableForm: "Không đọc được nội dung biểu mẫu. Vui lòng tải lại trang rồi gửi lại.",
  badCharacter: "Yêu cầu có ký tự không hợp lệ nên không được xử lý.",
  badHost: "Địa chỉ máy chủ trong yêu cầu (Host) không hợp lệ nên yêu cầu không được xử lý.",
} as const;
