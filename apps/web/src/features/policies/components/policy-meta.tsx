import policyStyles from './policy.module.css';

/** product §1: the policies' last-updated date. */
export const policyLastUpdated = '9/15/2024';

/** The "Last updated" line at the top of each policy. */
export function PolicyLastUpdated() {
  return <p className={policyStyles.policyUpdated}>Last updated: {policyLastUpdated}</p>;
}

/** product §1: the copyright line at the end of each policy. */
export function PolicyCopyright() {
  return <p className={policyStyles.policyCopyright}>© 2024 Tradelist. All rights reserved.</p>;
}
