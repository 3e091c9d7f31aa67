// Counts the bytes of a request body as they arrive and fails the stream as soon as they pass a
// limit. A Content-Length check alone is not enough: a chunked upload (Transfer-Encoding:
// chunked) declares no length, and `request.formData()` would read all of it into memory before
// any size check could run (a 700 MB body was read whole before being refused). Reading through
// this stream holds at most `maxBytes` (plus one chunk) and stops reading at the limit: the
// error cancels the source stream.

/** The error a limited stream fails with; `instanceof` tells it apart from a malformed body. */
export class BodyTooLargeError extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`The request body is larger than ${maxBytes} bytes.`);
    this.name = "BodyTooLargeError";
    this.maxBytes = maxBytes;
  }
}

/** `body` passed through unchanged while the running total stays within `maxBytes`. */
export function limitBytes(body: ReadableStream<Uint8Array>, maxBytes: number, onExceeded?: () => void): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) {
          onExceeded?.();
          controller.error(new BodyTooLargeError(maxBytes));
        } else controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * The request's multipart form, read through `limitBytes`. Throws BodyTooLargeError past the
 * limit, and the parser's own error for a body that is not a valid form.
 */
export async function readFormDataWithin(req: Request, maxBytes: number): Promise<FormData> {
  const headers = { "content-type": req.headers.get("content-type") ?? "" };
  // the form parser wraps the stream's error in its own TypeError: remember that the limit tripped
  let exceeded = false;
  const body = req.body ? limitBytes(req.body, maxBytes, () => (exceeded = true)) : null;
  try {
    return await new Response(body, { headers }).formData();
  } catch (e) {
    if (exceeded) throw new BodyTooLargeError(maxBytes);
    throw e;
  }
}
