/**
 * The most a request line and its headers may take together (Node's `maxHeaderSize`, its default
 * made explicit): past it Node's HTTP server answers 431 before any route or middleware runs, with
 * no body, and keeps serving. Every maximum the reference documents fits within it
 * (docs/api-conventions.md, "Statuses").
 */
export const REQUEST_HEAD_MAX_BYTES = 16 * 1024;
