/**
 * Where updates come from. The packaged app carries `resources/app-update.yml`, which electron-builder
 * writes from the `publish` setting (electron-builder.config.cjs takes it from CASTDESK_UPDATE_FEED_URL
 * when packaging). No file, an empty one, another provider or an address that is not https means no
 * feed: then Castdesk never asks anyone about updates. A feed over plain http is refused except on
 * this computer (a test server): its sha512 comes from the same feed, so anyone on the way could
 * replace both the file and its hash.
 */

export type UpdateFeed = { kind: 'generic'; url: string } | { kind: 'none'; reason: string };

/** The value of a top-level `key: value` line of the flat YAML electron-builder writes, unquoted. */
function topLevelValue(text: string, key: string): string | undefined {
  for (const line of text.split(/\r?\n/)) {
    const match = /^([A-Za-z]+):\s*(.*?)\s*$/.exec(line);
    if (match?.[1] === key) return match[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
  return undefined;
}

function isLoopback(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}

/** The feed described by app-update.yml's text, or `none` with the reason (null: the file does not exist). */
export function updateFeedFrom(appUpdateYml: string | null): UpdateFeed {
  if (appUpdateYml === null) return { kind: 'none', reason: 'This build has no update feed (no app-update.yml).' };
  const provider = topLevelValue(appUpdateYml, 'provider');
  const url = topLevelValue(appUpdateYml, 'url');
  if (provider !== 'generic') return { kind: 'none', reason: `The update feed's provider is ${provider ?? 'missing'}; Castdesk reads a generic feed only.` };
  let parsed: URL;
  try {
    parsed = new URL(url ?? '');
  } catch {
    return { kind: 'none', reason: `The update feed's address "${url ?? ''}" is not a URL.` };
  }
  if (parsed.username || parsed.password) return { kind: 'none', reason: 'The update feed’s address carries credentials; it is not used.' };
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && isLoopback(parsed.hostname))) {
    return { kind: 'none', reason: `The update feed ${parsed.origin} is not https; it is not used.` };
  }
  return { kind: 'generic', url: parsed.href };
}
