/**
 * Error answers of the directory service: `{"error": {"code", "message"}}`. The spec leaves status
 * codes and body shape open; this is the shape our service uses and our client expects.
 */
import { z } from 'zod';

export const directoryErrorCodes = [
  'unauthorized',
  'not_found',
  'invalid_parameter',
  'rate_limited',
  'internal_error',
] as const;
export type DirectoryErrorCode = (typeof directoryErrorCodes)[number];

export const directoryErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type DirectoryErrorBody = z.infer<typeof directoryErrorBodySchema>;
