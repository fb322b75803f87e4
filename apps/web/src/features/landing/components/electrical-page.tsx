import { api } from '@tradelist/contract/api';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { homeLinks, paths } from '../../../config/paths';
import { CheckIcon } from '../../../components/ui/icons';
import { callApi } from '../../../lib/api-client';
import { formatRunDate } from '../../../lib/format';
import { useMetaDescription } from '../../../lib/use-meta-description';
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
export function ElectricalPage() {
  useMetaDescription('The Tradelist electrical price list: 1,000+ items in conduit fittings, wire, breakers, boxes and devices, updated monthly with your markups.');
  const groups = useQuery({
    queryKey: ['list-groups', 'electrical'],
    queryFn: ({ signal }) => callApi(api.content.listGroups, { params: { category: 'electrical' } }, { signal }),
    staleTime: 10 * 60_000,
  });
  const rows = [...(groups.data?.groups ?? [])].sort((a, b) => rank(a.name) - rank(b.name));

  return (
    <div className={pageStyles.page}>
      <title>Electrical price list | Tradelist</title>
      <p className={pageStyles.eyebrow}>Industries · Electrical</p>
      <h1 className={pageStyles.title}>The electrical price list, updated monthly</h1>
      <p className={pageStyles.lead}>
        Everything an electrical contractor prices most, in one current list with your markups and sales tax applied.
      </p>
      <div className={pageStyles.actions}>
        <Link to={paths.register} className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonLarge)}>
          Sign up
        </Link>
        <Link to={homeLinks.bookSetupCall} className={cx(buttonStyles.button, buttonStyles.buttonOutline, buttonStyles.buttonLarge)}>
          Book a setup call: 40% off
        </Link>
      </div>

      <section aria-labelledby="groups-title" className={pageStyles.section}>
        <h2 id="groups-title">What is in the list</h2>
        {groups.isPending ? (
          <p role="status">Loading...</p>
        ) : groups.isError ? (
          <div role="alert">
            <p>The list&apos;s contents could not be loaded.</p>
            <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={() => void groups.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <>
            <table className={pageStyles.table}>
              <caption>
                {groups.data.edition ? `Items per group in the ${formatRunDate(groups.data.edition.rundate)} edition` : 'Items per group'}
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
          </>
        )}
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
          <Link to={paths.register} className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonLarge)}>
            Sign up
          </Link>
          <Link to={homeLinks.bookSetupCall} className={cx(buttonStyles.button, buttonStyles.buttonOutlineLight, buttonStyles.buttonLarge)}>
            Book a setup call: 40% off
          </Link>
        </div>
      </section>
    </div>
  );
}

function rank(name: string): number {
  const index = groupOrder.indexOf(name);
  return index === -1 ? groupOrder.length : index;
}
