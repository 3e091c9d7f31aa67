// The streaming body limit on real web streams: a chunked body that never declares its length is
// refused once it passes the limit, without the rest of it being read.
import { describe, expect, it } from "vitest";
import { BodyTooLargeError, limitBytes, readBytesWithin, readFormDataWithin, readTextWithin } from "./byte-limit-stream";

const MB = 1024 * 1024;

/** An endless-looking source of 64 KB chunks, counting how many were pulled. */
function source(totalBytes: number) {
  const chunk = new Uint8Array(64 * 1024).fill(120);
  const pulled = { bytes: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= totalBytes) return controller.close();
      pulled.bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      pulled.cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { stream, pulled };
}

describe("limitBytes", () => {
  it("passes a body within the limit through unchanged", async () => {
    const { stream } = source(2 * MB);
    const text = await new Response(limitBytes(stream, 2 * MB)).arrayBuffer();
    expect(text.byteLength).toBe(2 * MB);
  });

  it("fails at the limit and stops pulling from the source (700 MB body, 1 MB limit)", async () => {
    const { stream, pulled } = source(700 * MB);
    await expect(new Response(limitBytes(stream, 1 * MB)).arrayBuffer()).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(pulled.cancelled).toBe(true);
    // read up to the limit plus what the pipe had buffered, not the 700 MB
    expect(pulled.bytes).toBeLessThan(2 * MB);
  });
});

describe("readFormDataWithin", () => {
  function multipartRequest(fileBytes: number, chunked: boolean): { req: Request; pulled: { bytes: number; cancelled: boolean } } {
    const boundary = "----tropos-test";
    const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`);
    const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
    const { stream: content, pulled } = source(fileBytes);
    const reader = content.getReader();
    let stage = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (stage === 0) {
          stage = 1;
          return controller.enqueue(head);
        }
        if (stage === 1) {
          const { done, value } = await reader.read();
          if (!done) return controller.enqueue(value);
          stage = 2;
          controller.enqueue(tail);
          return controller.close();
        }
      },
      cancel: (reason) => reader.cancel(reason),
    }, { highWaterMark: 0 });
    const headers: Record<string, string> = { "content-type": `multipart/form-data; boundary=${boundary}` };
    if (!chunked) headers["content-length"] = String(head.byteLength + fileBytes + tail.byteLength);
    const req = new Request("http://localhost/upload", { method: "POST", body, headers, duplex: "half" } as RequestInit);
    return { req, pulled };
  }

  it("reads a form within the limit", async () => {
    const { req } = multipartRequest(1 * MB, true);
    const form = await readFormDataWithin(req, 2 * MB);
    expect((form.get("file") as File).size).toBe(1 * MB);
  });

  it("refuses a chunked form past the limit with BodyTooLargeError after reading about the limit", async () => {
    const { req, pulled } = multipartRequest(700 * MB, true);
    const started = Date.now();
    await expect(readFormDataWithin(req, 4 * MB)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(pulled.bytes).toBeLessThan(6 * MB);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("reports a malformed form as the parser's error, not as too large", async () => {
    const req = new Request("http://localhost/upload", { method: "POST", body: "not a form", headers: { "content-type": "multipart/form-data; boundary=x" } });
    await expect(readFormDataWithin(req, 4 * MB)).rejects.not.toBeInstanceOf(BodyTooLargeError);
  });
});

describe("readBytesWithin (JSON routes, next-auth's routes)", () => {
  const chunked = (bytes: number) => {
    const { stream, pulled } = source(bytes);
    return { req: new Request("http://localhost/api", { method: "POST", body: stream, duplex: "half" } as RequestInit), pulled };
  };

  it("reads a body within the limit whole", async () => {
    const { req } = chunked(1 * MB);
    expect((await readBytesWithin(req, 1 * MB)).byteLength).toBe(1 * MB);
    expect(await readTextWithin(new Request("http://localhost/api", { method: "POST", body: '{"a":"é"}' }), 100)).toBe('{"a":"é"}');
  });

  it("refuses a chunked body past the limit after reading about the limit, and cancels the source", async () => {
    const { req, pulled } = chunked(700 * MB);
    await expect(readBytesWithin(req, 16 * 1024)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(pulled.cancelled).toBe(true);
    expect(pulled.bytes).toBeLessThan(256 * 1024);
  });

  it("refuses a declared Content-Length over the limit before reading anything", async () => {
    const { stream, pulled } = source(700 * MB);
    const req = new Request("http://localhost/api", { method: "POST", body: stream, headers: { "content-length": String(700 * MB) }, duplex: "half" } as RequestInit);
    await expect(readBytesWithin(req, 1 * MB)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(pulled.bytes).toBe(0);
  });

  it("reads a request without a body as empty", async () => {
    expect((await readBytesWithin(new Request("http://localhost/api", { method: "POST" }), 10)).byteLength).toBe(0);
  });
});
