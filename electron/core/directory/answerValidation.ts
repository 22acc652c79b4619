/**
 * Checks an answer against its contract schema. Unknown and deprecated fields pass (the schemas are
 * loose); a field of the wrong type fails the whole answer as a `bad_response` naming the endpoint
 * and the JSON path of the field, so nothing is silently dropped. List pages are checked item by
 * item instead (`validateListItems`): a bad item is reported apart and the others pass.
 */
import type { z } from 'zod';
import type { RejectedListItem } from '../../../contract/bridge.ts';
import { DirectoryError, formatJsonPath } from './directoryError.ts';

const shownIssues = 3;

export function validateAnswer<S extends z.ZodType>(schema: S, body: unknown, endpoint: string): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = result.error.issues;
  return badResponse(endpoint, issues[0]!.path, describeIssues(issues));
}

export function badResponse(endpoint: string, path: readonly PropertyKey[], detail: string): never {
  throw new DirectoryError('bad_response', `The directory's answer to ${endpoint} does not match the API: ${detail}`, { endpoint, path });
}

/**
 * Checks a list page item by item: one malformed item must not cost the others (nor block the sync
 * of the resource for good), so valid items pass and each bad one is reported apart. A page that is
 * not an array at all is still a `bad_response`.
 */
export function validateListItems<S extends z.ZodType>(itemSchema: S, body: unknown, endpoint: string): { items: z.output<S>[]; rejected: RejectedListItem[] } {
  if (!Array.isArray(body)) return badResponse(endpoint, [], `expected a list of items, got ${body === null ? 'null' : typeof body}`);
  const items: z.output<S>[] = [];
  const rejected: RejectedListItem[] = [];
  body.forEach((item: unknown, index) => {
    const result = itemSchema.safeParse(item);
    if (result.success) {
      items.push(result.data);
      return;
    }
    const issues = result.error.issues;
    const id = (item as { id?: unknown } | null)?.id;
    rejected.push({
      id: typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null,
      index,
      path: formatJsonPath([index, ...issues[0]!.path]),
      reason: describeIssues(issues),
    });
  });
  return { items, rejected };
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const described = issues.slice(0, shownIssues).map((issue) => `${formatJsonPath(issue.path)}: ${issue.message}`);
  return `${described.join('; ')}${issues.length > shownIssues ? ` (and ${issues.length - shownIssues} more)` : ''}`;
}
