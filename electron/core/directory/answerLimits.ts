/**
 * How much of a directory's answer the back end reads, in one place. A directory is not trusted
 * with our memory: a page of seven million items (480 MB) when a thousand were asked for was
 * parsed, validated and forwarded whole. So every answer is read as a stream and refused once it
 * passes its limit (or declares more in `Content-Length` before a byte is read); a list page with
 * more items than `per_page` asked for is refused too (directoryClient.ts). A refusal is an
 * `answer_too_large` error for that one request; the sync goes on with the rest.
 */
import { DirectoryError } from './directoryError.ts';

export interface AnswerLimits {
  /** One list page. A demo page of 1,000 actors with every list field is about 1.3 MB. */
  listPageBytes: number;
  /** One detail (actor, crew, casting call). The largest demo detail is about 40 kB. */
  detailBytes: number;
  /** Everything else: attribute catalogues, error bodies, the connection test's one-item pages. */
  otherBytes: number;
}

export const defaultAnswerLimits: AnswerLimits = {
  listPageBytes: 32 * 1024 ** 2,
  detailBytes: 4 * 1024 ** 2,
  otherBytes: 4 * 1024 ** 2,
};

/** An answer larger than its limit; a typed error for the request that asked for it. */
export function answerTooLarge(endpoint: string, detail: string): DirectoryError {
  return new DirectoryError('answer_too_large', `The directory's answer to ${endpoint} is too large: ${detail}. It was not read.`, { endpoint });
}

/**
 * The body of `response` as text, at most `maxBytes` bytes: refused (null) when `Content-Length`
 * declares more, or when the stream passes the limit (it is cancelled there, so the rest is never
 * received). A missing or false `Content-Length` changes nothing: the count of bytes read decides.
 */
export async function readBoundedText(response: Response, maxBytes: number): Promise<{ text: string } | { tooLarge: string }> {
  const declared = response.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return { tooLarge: `Content-Length ${declared.trim()} bytes, more than the ${maxBytes} allowed` };
  }
  if (!response.body) return { text: '' };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { tooLarge: `more than the ${maxBytes} bytes allowed` };
    }
    text += decoder.decode(value, { stream: true });
  }
  return { text: text + decoder.decode() };
}
