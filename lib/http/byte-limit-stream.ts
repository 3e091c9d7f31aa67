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
 * Refuses a body whose declared Content-Length is already over the limit, without reading it
 * (the body is cancelled, so the connection stops delivering it).
 */
function refuseDeclaredOver(req: Request, maxBytes: number): void {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.body?.cancel().catch(() => {});
    throw new BodyTooLargeError(maxBytes);
  }
}

/**
 * The whole request body, read through `limitBytes`: at most `maxBytes` are ever held. Throws
 * BodyTooLargeError past the limit (declared or counted), having cancelled the rest of the body.
 */
export async function readBytesWithin(req: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  refuseDeclaredOver(req, maxBytes);
  if (!req.body) return new Uint8Array(0);
  let exceeded = false;
  try {
    return new Uint8Array(await new Response(limitBytes(req.body, maxBytes, () => (exceeded = true))).arrayBuffer());
  } catch (e) {
    if (exceeded) throw new BodyTooLargeError(maxBytes);
    throw e;
  }
}

/** The request body as UTF-8 text (see readBytesWithin). */
export async function readTextWithin(req: Request, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readBytesWithin(req, maxBytes));
}

/**
 * The request's multipart form, read through `limitBytes`. Throws BodyTooLargeError past the
 * limit, and the parser's own error for a body that is not a valid form.
 */
export async function readFormDataWithin(req: Request, maxBytes: number): Promise<FormData> {
  refuseDeclaredOver(req, maxBytes);
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
