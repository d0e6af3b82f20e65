/** Form validation messages (base/zod.ts), one wording for the browser and the server. */
export const viValidation = {
  required: (label: string) => `Vui lòng nhập ${lowerFirst(label)}`,
  invalidType: (label: string) => `${label} không đúng định dạng`,
  email: (label: string) => `${label} không đúng định dạng`,
  pattern: (label: string) => `${label} không đúng định dạng`,
  stringMin: (label: string, min: number) => `${label} phải có ít nhất ${min} ký tự`,
  stringMax: (label: string, max: number) => `${label} chỉ được có tối đa ${max} ký tự`,
  integer: (label: string) => `${label} phải là số nguyên`,
  numberMin: (label: string, min: number) => `${label} phải lớn hơn hoặc bằng ${min}`,
  numberMax: (label: string, max: number) => `${label} phải nhỏ hơn hoặc bằng ${max}`,
  choice: (label: string) => `${label} không hợp lệ`,
  fallbackLabel: "Giá trị",
} as const;

/** "Họ và tên" → "họ và tên" inside a sentence; acronyms such as "URL" stay as they are. */
function lowerFirst(label: string): string {
  const [first = "", second = ""] = label;
  if (second && second === second.toUpperCase() && second !== second.toLowerCase()) return label;
  return first.toLowerCase() + label.slice(1);
}
