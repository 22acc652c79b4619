/**
 * Redaction for log lines. It runs on the finished line, after messages and error objects have been
 * serialized, so a key hidden in an error's cause, a URL or a JSON dump is caught too.
 */

export const redactedMarker = '[redacted]';

/**
 * Credentials that follow a well-known label are hidden even when nobody registered them:
 * `Authorization: <anything up to the end of the value>`, `Bearer <token>`, `token=<token>`
 * (also `api_key`, `secret`, `password`, with `:` or `=`, quoted or not).
 */
const credentialPatterns: [RegExp, string][] = [
  [/\b(authorization)(\\?["']?\s*[:=]\s*\\?["']?)(?!\[redacted\])[^"'\\\r\n]+/gi, `$1$2${redactedMarker}`],
  [/\b(bearer\s+)(?!\[redacted\])[^\s"'\\,;]+/gi, `$1${redactedMarker}`],
  [
    /((?:api[_-]?key|token|secret|password)\\?["']?\s*[:=]\s*\\?["']?)(?!\[redacted\])[^\s"'\\&,;)}\]]+/gi,
    `$1${redactedMarker}`,
  ],
];

/** The forms a secret takes once a line is serialized: as typed, inside a JSON string, in a URL. */
function variantsOf(secret: string): string[] {
  const variants = new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)]);
  return [...variants].filter((variant) => variant.length > 0);
}

/** Holds the registered secrets and hides them, longest first so a secret inside another is not left half-shown. */
export class Redactor {
  private variants: string[] = [];
  private readonly secrets = new Set<string>();

  addSecret(value: string): void {
    if (typeof value !== 'string' || value.length === 0 || this.secrets.has(value)) return;
    this.secrets.add(value);
    this.variants = [...new Set([...this.variants, ...variantsOf(value)])].sort((a, b) => b.length - a.length);
  }

  redact(text: string): string {
    let result = text;
    for (const variant of this.variants) result = result.split(variant).join(redactedMarker);
    for (const [pattern, replacement] of credentialPatterns) result = result.replace(pattern, replacement);
    return result;
  }
}
