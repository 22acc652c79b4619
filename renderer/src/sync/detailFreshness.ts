/**
 * How long a cached detail counts as fresh, in one place for the sync (what to fetch again) and the
 * profile pages (what reads "may be out of date"). Lists carry an updated_at for profiles, so a
 * changed profile is fetched again at once; casting call lists carry none, so a call still open
 * is asked again daily (a role added to it shows within a day), others weekly.
 */
export const staleDetailMs = 7 * 24 * 3600_000;
export const staleCurrentCallMs = 24 * 3600_000;
