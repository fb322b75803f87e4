import { formatCount, formatRunDate } from '../../../lib/format';
import { isApiError } from '../../../lib/api-client';
import { useEditions } from '../api/get-editions';
import operatorConsoleStyles from './operator-console.module.css';

/** The editions table: what each category has published, newest first. */
function EditionsTable() {
  const editions = useEditions();
  if (editions.isPending) return <p className={operatorConsoleStyles.operatorConsoleText}>Loading editions…</p>;
  if (editions.isError) {
    const refused = isApiError(editions.error) && editions.error.status === 403;
    return (
      <p role="alert" className={operatorConsoleStyles.operatorConsoleText}>
        {refused ? 'This console is for operators only.' : 'The editions could not be loaded. Please try again.'}
      </p>
    );
  }
  return (
    <>
      <p className={operatorConsoleStyles.operatorConsoleText}>
        New editions are imported with the operator commands (<code>npm run admin -- import-edition</code>) described in the README.
      </p>
      <table className={operatorConsoleStyles.operatorConsoleTable}>
      <caption>Editions</caption>
      <thead>
        <tr>
          <th scope="col">Code</th>
          <th scope="col">Name</th>
          <th scope="col">Category</th>
          <th scope="col">Run date</th>
          <th scope="col">Items</th>
          <th scope="col">Access</th>
        </tr>
      </thead>
      <tbody>
        {editions.data.map((edition) => (
          <tr key={edition.id}>
            <td>{edition.collection_id}</td>
            <td>{edition.name}</td>
            <td>{edition.category_name}</td>
            <td>{formatRunDate(edition.rundate)}</td>
            <td>{formatCount(edition.item_count)}</td>
            <td>{edition.is_free ? 'Free' : 'Paid'}</td>
          </tr>
        ))}
      </tbody>
      </table>
    </>
  );
}

/** The operator console's home: the published editions; more tools arrive with the console. */
export function OperatorConsole() {
  return (
    <section className={operatorConsoleStyles.operatorConsole} aria-labelledby="operator-console-title">
      <title>Operator console | Tradelist</title>
      <h1 id="operator-console-title" className={operatorConsoleStyles.operatorConsoleTitle}>
        Operator console
      </h1>
      <EditionsTable />
    </section>
  );
}
