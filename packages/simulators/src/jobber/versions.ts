// API versions: the header every request names, and the version an answer is served in
// (api_versioning: a version stays reachable 18 months, with a warning in the last 3).
const VERSIONING_DOCS = 'https://developer.getjobber.com/docs/using_jobbers_api/api_versioning';

/** API versions Jobber has published (its changelog), oldest first. */
export const JOBBER_API_VERSIONS = ['2023-11-15', '2024-04-17', '2024-06-10', '2024-08-30', '2025-01-20', '2025-04-16', '2026-02-17'];
/** Jobber keeps a version reachable at most 18 months, and warns in the last 3 of them. */
const VERSION_REACHABLE_MONTHS = 18;
const VERSION_WARNING_MONTHS = 3;

/** The version an answer is served in, and Jobber's warning about it (api_versioning). */
export function servedVersion(asked: string, now: number): { version: string; warning?: string } {
  const latest = JOBBER_API_VERSIONS[JOBBER_API_VERSIONS.length - 1]!;
  const today = new Date(now);
  const monthsOld = (version: string): number => {
    const released = new Date(`${version}T00:00:00Z`);
    return (today.getUTCFullYear() - released.getUTCFullYear()) * 12 + (today.getUTCMonth() - released.getUTCMonth()) - (today.getUTCDate() < released.getUTCDate() ? 1 : 0);
  };
  const reachable = (version: string): boolean => version === latest || monthsOld(version) < VERSION_REACHABLE_MONTHS;
  if (!reachable(asked)) {
    const oldest = JOBBER_API_VERSIONS.find(reachable) ?? latest;
    return { version: oldest, warning: `API Version ${asked} is no longer available and this request was upgraded to ${oldest}. Upgrade to the latest API version ${latest}. For more information: ${VERSIONING_DOCS}` };
  }
  if (asked !== latest && monthsOld(asked) >= VERSION_REACHABLE_MONTHS - VERSION_WARNING_MONTHS) {
    return { version: asked, warning: `Support for API version ${asked} is scheduled to stop soon. Upgrade to the latest version ${latest}. For more information: ${VERSIONING_DOCS}` };
  }
  return { version: asked };
}

