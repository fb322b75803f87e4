/** SPEC §1: the policies' last-updated date. */
export const policyLastUpdated = '9/15/2024';

/** The "Last updated" line at the top of each policy. */
export function PolicyLastUpdated() {
  return <p className="policy__updated">Last updated: {policyLastUpdated}</p>;
}

/** SPEC §1: the copyright line at the end of each policy. */
export function PolicyCopyright() {
  return <p className="policy__copyright">© 2024 Tradelist. All rights reserved.</p>;
}
