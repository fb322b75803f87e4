import { AppLink } from '../../../components/ui/app-link';
import type { ListGroups } from '@tradelist/contract/content';
import { homeLinks, paths } from '../../../config/paths';
import { CheckIcon } from '../../../components/ui/icons';
import { formatRunDate } from '../../../lib/format';
import { countAtLeast } from '../utils/count-at-least';
import buttonStyles from '../../../components/ui/button.module.css';
import pageStyles from './public-pages.module.css';
import { cx } from '../../../lib/cx';

/** product §2.2: the groups of the /electrical table, in this order. */
const groupOrder = ['Conduit Fittings', 'Wires', 'Breakers', 'Breaker Boxes', 'Junction Boxes', 'Wiring Accessories', 'Covers & Devices'];

const benefits = [
  '1,000+ electrical items, updated every month',
  'Your own markup for each of six price bands, plus sales tax',
  'Download as CSV or Excel, ready for your estimating tool',
  'Sync straight into QuickBooks Online or Jobber',
  'A new edition keeps your markups: nothing to redo',
  'Manufacturer part numbers and UPCs to match supplier invoices',
];

/** /electrical (product §2.2): the list's groups with counts from the current edition, benefits, calls to action. */
export function ElectricalPage({ groups }: { groups: ListGroups }) {
  const rows = [...groups.groups].sort((a, b) => rank(a.name) - rank(b.name));

  return (
    <div className={pageStyles.page}>
      <p className={pageStyles.eyebrow}>Industries · Electrical</p>
      <h1 className={pageStyles.title}>The electrical price list, updated monthly</h1>
      <p className={pageStyles.lead}>
        Everything an electrical contractor prices most, in one current list with your markups and sales tax applied.
      </p>
      <div className={pageStyles.actions}>
        <AppLink to={paths.register} className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonLarge)}>
          Sign up
        </AppLink>
        <AppLink to={homeLinks.bookSetupCall} className={cx(buttonStyles.button, buttonStyles.buttonOutline, buttonStyles.buttonLarge)}>
          Book a setup call: 40% off
        </AppLink>
      </div>

      <section aria-labelledby="groups-title" className={pageStyles.section}>
        <h2 id="groups-title">What is in the list</h2>
        <table className={pageStyles.table}>
          <caption>
            {groups.edition ? `Items per group in the ${formatRunDate(groups.edition.rundate)} edition` : 'Items per group'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Group</th>
              <th scope="col">Items</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((group) => (
              <tr key={group.name}>
                <th scope="row">{group.name}</th>
                <td>{countAtLeast(group.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="benefits-title" className={pageStyles.section}>
        <h2 id="benefits-title">Why electricians use it</h2>
        <ul className={pageStyles.checkList}>
          {benefits.map((benefit) => (
            <li key={benefit}>
              <CheckIcon /> {benefit}
            </li>
          ))}
        </ul>
      </section>

      <section className={pageStyles.cta} aria-labelledby="electrical-cta-title">
        <h2 id="electrical-cta-title">Start pricing from the current edition</h2>
        <div className={pageStyles.actions}>
          <AppLink to={paths.register} className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonLarge)}>
            Sign up
          </AppLink>
          <AppLink to={homeLinks.bookSetupCall} className={cx(buttonStyles.button, buttonStyles.buttonOutlineLight, buttonStyles.buttonLarge)}>
            Book a setup call: 40% off
          </AppLink>
        </div>
      </section>
    </div>
  );
}

function rank(name: string): number {
  const index = groupOrder.indexOf(name);
  return index === -1 ? groupOrder.length : index;
}
