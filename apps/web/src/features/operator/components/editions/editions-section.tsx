import { formatCount, formatRunDate } from '../../../../lib/format';
import { useEditions } from '../../api/get-editions';
import styles from '../operator-console.module.css';
import { SectionState } from '../section-state';

/** The editions table: what each category has published, newest first. */
export function EditionsSection() {
  const editions = useEditions();
  if (editions.isPending || editions.isError) return <SectionState query={editions} what="editions" />;
  return (
    <table className={styles.operatorConsoleTable}>
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
  );
}
