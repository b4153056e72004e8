import express from 'express';

/** Deeper than any input of ours; a 40,000-deep body would overflow the stack downstream. */
const MAX_JSON_DEPTH = 64;

/** Nesting depth of a JSON text, counted without parsing (brackets inside strings ignored). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) max = Math.max(max, ++depth);
    else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return max;
}

class TooDeepError extends Error {
  readonly status = 400;
  readonly type = 'entity.too.deep';
}

/**
 * JSON bodies for /trpc: 100 KB at most and nested at most 64 deep, checked before parsing; the
 * same depth rule for a GET's `input` parameter. Refusals reach the app's error handler as 400.
 */
export function jsonBody(): express.RequestHandler[] {
  return [
    (req, _res, next) => {
      const input = req.method === 'GET' ? req.query.input : undefined;
      next(typeof input === 'string' && jsonDepth(input) > MAX_JSON_DEPTH ? new TooDeepError() : undefined);
    },
    express.json({
      limit: '100kb',
      verify: (_req, _res, buf) => {
        if (jsonDepth(buf.toString('utf8')) > MAX_JSON_DEPTH) throw new TooDeepError();
      },
    }),
  ];
}
