import { api } from '@tradelist/contract/api';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import buttonStyles from '../../../../components/ui/button.module.css';
import { cx } from '../../../../lib/cx';
import { formatCount, formatDayOf } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import { useDrawSignups, useDrawWinner, useNewsletterSignups, useSetupCallRequests } from '../../api/signups';
import consoleStyles from '../operator-console.module.css';
import { SectionState } from '../section-state';
import { ConsoleTable } from '../shared/console-table';
import { PageByPage } from '../../../../components/ui/pager';
import styles from './signups.module.css';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));

interface Paged {
  total: number;
  page: number;
  page_size: number;
}

/** One signup list: its title, its CSV file, its table and its pages. */
function SignupList<T extends Paged>({
  title,
  csvPath,
  query,
  page,
  onPage,
  children,
}: {
  title: string;
  csvPath: string;
  query: UseQueryResult<T>;
  page: number;
  onPage: (page: number) => void;
  children: (data: T) => ReactNode;
}) {
  return (
    <section className={styles.signupsList} aria-label={title}>
      <h2>
        {title}
        {query.data ? ` (${formatCount(query.data.total)})` : ''}
        <a className={cx(buttonStyles.button, buttonStyles.buttonOutline)} href={csvPath} download>
          Download CSV
        </a>
      </h2>
      {query.isPending || query.isError ? <SectionState query={query} what={title.toLowerCase()} /> : children(query.data)}
      {query.data ? <PageByPage label={`Pages of ${title.toLowerCase()}`} page={page} total={query.data.total} pageSize={query.data.page_size} onPage={onPage} /> : null}
    </section>
  );
}

/**
 * Signups (product §10.13): the newsletter, the free-year draw with its winners, and the
 * setup-call requests, each page by page and as a CSV file; and the draw itself.
 */
export function SignupsSection() {
  const [newsletterPage, setNewsletterPage] = useState(1);
  const [drawPage, setDrawPage] = useState(1);
  const [setupPage, setSetupPage] = useState(1);
  const newsletter = useNewsletterSignups(newsletterPage);
  const draw = useDrawSignups(drawPage);
  const setupCalls = useSetupCallRequests(setupPage);
  const drawWinner = useDrawWinner({ onSuccess: (answer) => notify.success(answer.message), onError: (error) => notify.error(error.message) });
  const winners = draw.data?.winners ?? [];

  return (
    <>
      <SignupList title="Free-year draw" csvPath={api.operator.drawSignupsCsv.path} query={draw} page={drawPage} onPage={setDrawPage}>
        {(data) => (
          <>
            <div className={styles.signupsDraw}>
              {winners.length === 0 ? (
                <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonPrimary)} disabled={drawWinner.isPending || data.total === 0} onClick={() => drawWinner.mutate(false)}>
                  Draw a winner
                </button>
              ) : (
                <>
                  <p>
                    Winner: <strong>{winners[0]!.email}</strong>, drawn {when(winners[0]!.drawn_at)} by {winners[0]!.drawn_by} among {formatCount(winners[0]!.entries)} entries.
                  </p>
                  <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} disabled={drawWinner.isPending} onClick={() => drawWinner.mutate(true)}>
                    Draw again among the others
                  </button>
                </>
              )}
            </div>
            {winners.length > 1 ? (
              <p className={consoleStyles.operatorConsoleMuted}>Earlier winners: {winners.slice(1).map((w) => `${w.email} (${formatDayOf(w.drawn_at)})`).join(', ')}</p>
            ) : null}
            <ConsoleTable caption="Entries" columns={['Email', 'Signed up']}>
              {data.items.map((item) => (
                <tr key={item.id}>
                  <td>{item.email}</td>
                  <td>{when(item.signed_up_at)}</td>
                </tr>
              ))}
            </ConsoleTable>
          </>
        )}
      </SignupList>
      <SignupList title="Newsletter" csvPath={api.operator.newsletterSignupsCsv.path} query={newsletter} page={newsletterPage} onPage={setNewsletterPage}>
        {(data) => (
          <ConsoleTable caption="Addresses" columns={['Email', 'Subscribed', 'Unsubscribed']}>
            {data.items.map((item) => (
              <tr key={item.id}>
                <td>{item.email}</td>
                <td>{when(item.subscribed_at)}</td>
                <td>{item.unsubscribed_at ? when(item.unsubscribed_at) : '—'}</td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </SignupList>
      <SignupList title="Setup-call requests" csvPath={api.operator.setupCallRequestsCsv.path} query={setupCalls} page={setupPage} onPage={setSetupPage}>
        {(data) => (
          <ConsoleTable caption="Requests" columns={['Name', 'Email', 'Phone', 'Preferred time', 'Requested']}>
            {data.items.map((item) => (
              <tr key={item.id}>
                <td>{item.name}</td>
                <td>{item.email}</td>
                <td>{item.phone ?? '—'}</td>
                <td>{item.preferred_time}</td>
                <td>{when(item.requested_at)}</td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </SignupList>
    </>
  );
}
