/**
 * How a showreel is offered: played in the app when its URL is direct media (a file the <video> or
 * <audio> element can load), or opened in the browser when it is a page (YouTube, Vimeo, a
 * showreel page of the directory's web site, anything unknown). Only http(s) media is played.
 */

export type ShowreelPlayback = { kind: 'video' | 'audio'; src: string } | { kind: 'external'; url: string };

const videoExtensions = new Set(['mp4', 'webm', 'mov', 'm4v', 'ogv']);
const audioExtensions = new Set(['mp3', 'wav', 'm4a', 'aac', 'flac', 'oga', 'opus']);
/** Sites whose showreel URLs are pages with their own player, never media files. */
const streamingHosts = [
  'youtube.com', 'youtu.be', 'youtube-nocookie.com', 'vimeo.com', 'dailymotion.com', 'twitch.tv', 'facebook.com',
  'instagram.com', 'tiktok.com', 'soundcloud.com', 'spotify.com', 'mixcloud.com',
];

function isStreamingHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return streamingHosts.some((known) => host === known || host.endsWith(`.${known}`));
}

function extensionOf(pathname: string): string {
  const last = pathname.split('/').pop() ?? '';
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
}

/**
 * The way to offer `url`: a media extension decides the player (`.ogg` follows `type`); without
 * one, a showreel typed audio or video on a host that is not a streaming site is tried in the
 * player too (the view falls back to the link when it cannot play). Everything else is a link.
 */
export function showreelPlayback(url: string, type?: string | null): ShowreelPlayback {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { kind: 'external', url };
  }
  const direct = (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.username === '' && parsed.password === '';
  if (!direct || isStreamingHost(parsed.hostname)) return { kind: 'external', url };
  const extension = extensionOf(parsed.pathname);
  if (videoExtensions.has(extension)) return { kind: 'video', src: url };
  if (audioExtensions.has(extension)) return { kind: 'audio', src: url };
  if (extension === 'ogg') return { kind: type === 'video' ? 'video' : 'audio', src: url };
  if (type === 'audio' || type === 'video') return { kind: type, src: url };
  return { kind: 'external', url };
}
