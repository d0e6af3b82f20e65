// @vitest-environment jsdom
import { act, useRef, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi as vitest } from "vitest";
import { SourceText } from "./source-field.tsx";
import { usePictureInsert } from "./use-picture-insert.ts";

/**
 * The editor's text area with its picture hook, as the editor wires them: a picture pasted,
 * chosen with "Chèn ảnh" or dropped goes in at the caret as a placeholder, is sent, and becomes
 * its token where the placeholder is by then; a refused one leaves the text as it was.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const HASH_A = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const HASH_B = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
const QUESTION = "Câu 1: Đồ thị nào liên thông?";

let container: HTMLElement;
let root: Root;
/** Each upload waits until the test answers it. */
let uploads: { body: unknown; answer: (status: number, body: unknown) => Promise<void> }[];
let bankFiles: File[];

function Editor({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  const area = useRef<HTMLTextAreaElement>(null);
  const pictures = usePictureInsert({ areaRef: area, setText });
  return (
    <>
      <SourceText
        area={area}
        text={text}
        onText={setText}
        onPaste={pictures.onPaste}
        onFiles={(files) => {
          if (!pictures.dropFiles(files)) bankFiles.push(...files);
        }}
        onPictures={pictures.insertFiles}
      />
      <p role="status">{pictures.status}</p>
      <p data-uploading={String(pictures.uploading)} />
    </>
  );
}

beforeEach(() => {
  uploads = [];
  bankFiles = [];
  vitest.stubGlobal(
    "fetch",
    vitest.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((resolve) => {
          uploads.push({
            body: init.body,
            answer: async (status, body) => {
              await act(async () => resolve(Response.json(body, { status })));
            },
          });
        }),
    ),
  );
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vitest.unstubAllGlobals();
});

function mount(initial: string) {
  act(() => root.render(<Editor initial={initial} />));
}

const area = () => container.querySelector("textarea")!;
const status = () => container.querySelector("[role=status]")!.textContent;
const uploading = () => container.querySelector("[data-uploading]")!.getAttribute("data-uploading");
const png = (name = "anh.png") =>
  new File([new Uint8Array([137, 80, 78, 71])], name, { type: "image/png" });

function caretAt(offset: number) {
  area().focus();
  area().setSelectionRange(offset, offset);
}

function paste(text: string, files: File[]): Event {
  const event = new Event("paste", { bubbles: true, cancelable: true });
  Object.defineProperty(event, "clipboardData", {
    value: { getData: (type: string) => (type === "text/plain" ? text : ""), files },
  });
  act(() => area().dispatchEvent(event));
  return event;
}

/** Types as the browser does: the area's new value, then its input event. */
function type(value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!;
  act(() => {
    setter.call(area(), value);
    area().dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** Lets the hook's loop reach its next fetch. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe("a picture pasted into the text", () => {
  it("goes on its own line below the caret's line as a placeholder, then becomes its token, the caret behind it", async () => {
    mount(`${QUESTION}\nA. Có\nB. Không`);
    caretAt(QUESTION.length);
    const file = png();
    const event = paste("", [file]);
    expect(event.defaultPrevented).toBe(true);
    expect(area().value).toBe(`${QUESTION}\n![Đang tải ảnh 1…]()\nA. Có\nB. Không`);
    expect(status()).toBe("Đang tải ảnh…");
    expect(uploading()).toBe("true");
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.body).toBe(file);

    await uploads[0]!.answer(200, { hash: HASH_A, type: "webp", width: 8, height: 8 });
    const token = `![Hình](picture:${HASH_A})`;
    expect(area().value).toBe(`${QUESTION}\n${token}\nA. Có\nB. Không`);
    expect(area().selectionStart).toBe(QUESTION.length + 1 + token.length);
    expect(status()).toBe("Đã chèn ảnh vào ô câu hỏi.");
    expect(uploading()).toBe("false");
  });

  it("lands where its placeholder is after the student typed above it meanwhile", async () => {
    mount(QUESTION);
    caretAt(QUESTION.length);
    paste("", [png()]);
    type(`Chương 1: Đồ thị\n${area().value}`);
    await uploads[0]!.answer(200, { hash: HASH_A, type: "png", width: 8, height: 8 });
    expect(area().value).toBe(`Chương 1: Đồ thị\n${QUESTION}\n![Hình](picture:${HASH_A})`);
  });

  it("whose placeholder the student deleted meanwhile goes where the caret is then", async () => {
    mount(`${QUESTION}\nA. Có`);
    caretAt(QUESTION.length);
    paste("", [png()]);
    type(`${QUESTION}\nA. Có`);
    caretAt(`${QUESTION}\nA. Có`.length);
    await uploads[0]!.answer(200, { hash: HASH_A, type: "png", width: 8, height: 8 });
    expect(area().value).toBe(`${QUESTION}\nA. Có\n![Hình](picture:${HASH_A})`);
  });

  it("refused: the text is as it was, and the server's reason is said", async () => {
    mount(`${QUESTION}\nA. Có`);
    caretAt(QUESTION.length);
    paste("", [png("trang.png")]);
    await uploads[0]!.answer(422, {
      code: "BAD_PICTURE",
      message: "Hình bị hỏng hoặc không đọc được",
    });
    expect(area().value).toBe(`${QUESTION}\nA. Có`);
    expect(status()).toBe("Hình bị hỏng hoặc không đọc được");
    expect(uploading()).toBe("false");
  });

  it("a paste with text beside the picture (copied from Word) is left to the browser", () => {
    mount("");
    caretAt(0);
    const event = paste("Câu 1: Thủ đô?\nA. Hà Nội", [png()]);
    expect(event.defaultPrevented).toBe(false);
    expect(uploads).toHaveLength(0);
  });
});

describe("“Chèn ảnh” and dropped files", () => {
  it("two pictures chosen go in one after another, sent one at a time, in order", async () => {
    mount(`${QUESTION}\nA. `);
    caretAt(`${QUESTION}\nA. `.length);
    const input = container.querySelector<HTMLInputElement>("#own-picture")!;
    expect(input.accept).toBe("image/*");
    expect(container.querySelector("label[for=own-picture]")!.textContent).toBe("Chèn ảnh");
    Object.defineProperty(input, "files", { value: [png("1.png"), png("2.png")] });
    act(() => input.dispatchEvent(new Event("change", { bubbles: true })));
    expect(area().value).toBe(`${QUESTION}\nA. ![Đang tải ảnh 1…]()\n![Đang tải ảnh 2…]()`);
    expect(status()).toBe("Đang tải 2 ảnh…");
    expect(uploads).toHaveLength(1);
    await uploads[0]!.answer(200, { hash: HASH_A, type: "png", width: 8, height: 8 });
    await settle();
    expect(uploads).toHaveLength(2);
    await uploads[1]!.answer(200, { hash: HASH_B, type: "png", width: 8, height: 8 });
    expect(area().value).toBe(
      `${QUESTION}\nA. ![Hình](picture:${HASH_A})\n![Hình](picture:${HASH_B})`,
    );
  });

  it("a picture dropped on the area goes in; a dropped Word file stays a bank file", () => {
    mount(QUESTION);
    caretAt(QUESTION.length);
    const drop = (files: File[]) => {
      const event = new Event("drop", { bubbles: true, cancelable: true });
      Object.defineProperty(event, "dataTransfer", { value: { types: ["Files"], files } });
      act(() => area().dispatchEvent(event));
      return event;
    };
    expect(drop([png()]).defaultPrevented).toBe(true);
    expect(uploads).toHaveLength(1);
    const docx = new File([new Uint8Array([80, 75])], "de.docx", { type: "" });
    expect(drop([docx]).defaultPrevented).toBe(true);
    expect(bankFiles).toEqual([docx]);
    expect(uploads).toHaveLength(1);
  });
});
