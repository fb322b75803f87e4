import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import buttonStyles from '../../../../components/ui/button.module.css';
import { TextField } from '../../../../components/ui/text-field';
import { cx } from '../../../../lib/cx';
import { formatDayOf } from '../../../../lib/format';
import { useUserSearch } from '../../api/users';
import consoleStyles from '../operator-console.module.css';
import { SectionState } from '../section-state';
import { ConsoleTable } from '../shared/console-table';
import { PageByPage } from '../../../../components/ui/pager';
import { UserDetail } from './user-detail';
import styles from './users.module.css';

const searchForm = z.object({ q: z.string().trim().max(254, { error: 'Ensure this field has no more than 254 characters.' }) });
type SearchForm = z.infer<typeof searchForm>;

/** A page number from the address, 1 for anything else. */
function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * Users (product §10.13): a search by email or name, the matching users page by page, and the
 * chosen user's detail with the console's actions. The search, page and chosen user live in the
 * address (?q=&page=&user=), so a link or a reload opens the same view.
 */
export function UsersSection() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = pageOf(params.get('page'));
  const selected = Number(params.get('user')) || null;
  const results = useUserSearch(q, page);
  const form = useForm<SearchForm>({ resolver: zodResolver(searchForm), values: { q } });

  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  const submit = form.handleSubmit((values) => update({ q: values.q, page: null, user: null }));

  return (
    <>
      <form className={styles.usersSearch} role="search" onSubmit={(event) => void submit(event)}>
        <TextField label="Email or name" type="search" autoComplete="off" error={form.formState.errors.q?.message} {...form.register('q')} />
        <button type="submit" className={cx(buttonStyles.button, buttonStyles.buttonPrimary)}>
          Search
        </button>
      </form>
      {results.isPending || results.isError ? (
        <SectionState query={results} what="users" />
      ) : results.data.users.length === 0 ? (
        <p className={consoleStyles.operatorConsoleText}>No user matches {q ? `“${q}”` : 'yet'}.</p>
      ) : (
        <>
          <ConsoleTable
            caption={
              <>
                Users ({results.data.total}
                {q ? ` matching “${q}”` : ''})
              </>
            }
            columns={['Email', 'Name', 'Plan now', 'State', 'Joined']}
            hiddenColumn="Open"
          >
            {results.data.users.map((user) => (
              <tr key={user.id} aria-current={user.id === selected ? 'true' : undefined}>
                <td>{user.email}</td>
                <td>{user.name}</td>
                <td>{user.plan_name ?? '—'}</td>
                <td>{[user.role === 'operator' ? 'Operator' : null, user.is_disabled ? 'Disabled' : user.is_verified ? 'Active' : 'Not activated'].filter(Boolean).join(', ')}</td>
                <td>{formatDayOf(user.created_at)}</td>
                <td>
                  <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={() => update({ user: String(user.id) })} aria-label={`Open ${user.email}`}>
                    Open
                  </button>
                </td>
              </tr>
            ))}
          </ConsoleTable>
          <PageByPage label="Pages of users" page={page} total={results.data.total} pageSize={results.data.page_size} onPage={(next) => update({ page: String(next) })} />
        </>
      )}
      {selected ? <UserDetail key={selected} id={selected} /> : null}
    </>
  );
}
