/**
 * The directory a profile id belongs to: `scheme://host[:port]` of a base URL. Two keys of one
 * directory see the same actor under the same id, so (origin, id) names a profile across
 * connections, and ids of two directories never meet. A connection names its directory itself
 * (`ConnectionView.directoryOrigin`, the origin it was made for, kept when its address changes);
 * this gives the origin of an address the app has no connection for (a backup's).
 */
export function directoryOriginOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    // A base URL the back end accepted is always absolute; keep anything else as it is written.
    return baseUrl;
  }
}

/**
 * Where shortlist entries of a connection whose address is no longer known come from (a connection
 * removed before shortlists moved to the user's database): unique per connection, never a URL.
 */
export function unknownOriginOf(connectionId: string): string {
  return `connection:${connectionId}`;
}
