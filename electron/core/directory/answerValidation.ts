/**
 * Checks an answer against its contract schema. Unknown and deprecated fields pass (the schemas are
 * loose); a field of the wrong type fails the whole answer as a `bad_response` naming the endpoint
 * and the JSON path of the field, so nothing is silently dropped.
 */
import type { z } from 'zod';
import { DirectoryError, formatJsonPath } from './directoryError.ts';

const shownIssues = 3;

export function validateAnswer<S extends z.ZodType>(schema: S, body: unknown, endpoint: string): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const described = issues.slice(0, shownIssues).map((issue) => `${formatJsonPath(issue.path)}: ${issue.message}`);
  const more = issues.length > shownIssues ? ` (and ${issues.length - shownIssues} more)` : '';
  return badResponse(endpoint, issues[0]!.path, `${described.join('; ')}${more}`);
}

export function badResponse(endpoint: string, path: readonly PropertyKey[], detail: string): never {
  throw new DirectoryError('bad_response', `The directory's answer to ${endpoint} does not match the API: ${detail}`, { endpoint, path });
}
