// next-auth's route handler reads a POST body whole (`req.text()`) before anything else, and the
// routes are open to anyone: a 700 MB chunked sign-in post grew the server to 1.6 GB and answered
// 500 (ERR_STRING_TOO_LONG). So the body is read here first, through the streaming byte counter,
// and refused (413) as soon as it passes AUTH_BODY_MAX_BYTES; next-auth gets a new request carrying
// the buffered body, which it can read as before.
import { NextRequest } from "next/server";
import { AppError } from "@/lib/errors";
import { errorResponse } from "@/lib/http/api-handler";
import { AUTH_BODY_MAX_BYTES } from "@/lib/http/body-limits";
import { BodyTooLargeError, readBytesWithin } from "@/lib/http/byte-limit-stream";

type TRouteHandler<C> = (req: NextRequest, ctx: C) => Promise<Response>;

export function withAuthBodyLimit<C>(handler: TRouteHandler<C>, maxBytes = AUTH_BODY_MAX_BYTES): TRouteHandler<C> {
  return async (req, ctx) => {
    // next-auth reads a body only for POST (GET carries its input in the query)
    if (req.method !== "POST") return handler(req, ctx);
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = await readBytesWithin(req, maxBytes);
    } catch (e) {
      if (e instanceof BodyTooLargeError) return errorResponse(new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than the limit of ${maxBytes / 1024} kB.`));
      return errorResponse(new AppError("BAD_REQUEST", "The request body could not be read."));
    }
    return handler(new NextRequest(req.url, { method: req.method, headers: req.headers, body, signal: req.signal }), ctx);
  };
}
