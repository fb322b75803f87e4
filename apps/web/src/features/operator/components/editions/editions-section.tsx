import type { EditionUploadResponse, OperatorEdition } from '@tradelist/contract/operator-editions';
import { useState } from 'react';
import { formatCount, formatRunDate } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import { useEditions } from '../../api/get-editions';
import { useWithdrawEdition } from '../../api/manage-editions';
import { notifyServerError } from '../../utils/server-errors';
import styles from '../operator-console.module.css';
import { SectionState } from '../section-state';
import { ConfirmButton } from '../shared/confirm-button';
import { ConsoleTable } from '../shared/console-table';
import { EditionPreview, EditionProblems } from './edition-preview';
import { UploadEditionForm } from './upload-edition-form';

const statusLabels: Record<OperatorEdition['status'], string> = { scheduled: 'Scheduled', current: 'Current', previous: 'Previous' };

/** How the edition's new-edition emails stand. */
function announcementText(announcement: OperatorEdition['announcement']): string {
  if (!announcement) return '—';
  switch (announcement.state) {
    case 'scheduled':
      return `On ${formatRunDate(announcement.due_on)}`;
    case 'sending':
      return `Sending (${formatCount(announcement.recipients)} so far)`;
    case 'sent':
      return `Sent to ${formatCount(announcement.recipients)}`;
    case 'skipped':
      return 'Not sent (not current)';
  }
}

/** The editions table: what each category has published, newest first, and the scheduled ones. */
function EditionsTable({ editions }: { editions: OperatorEdition[] }) {
  const withdraw = useWithdrawEdition({
    onSuccess: (answer) => notify.success(answer.message),
    onError: (error) => notifyServerError(error, 'The edition could not be withdrawn. Please try again.'),
  });
  return (
    <ConsoleTable caption="Editions" columns={['Code', 'Name', 'Category', 'Run date', 'Items', 'Access', 'Status', 'Emails']} hiddenColumn="Actions">
      {editions.map((edition) => (
        <tr key={edition.id}>
          <td>{edition.collection_id}</td>
          <td>{edition.name}</td>
          <td>{edition.category_name}</td>
          <td>{formatRunDate(edition.rundate)}</td>
          <td>{formatCount(edition.item_count)}</td>
          <td>{edition.is_free ? 'Free' : 'Paid'}</td>
          <td>{statusLabels[edition.status]}</td>
          <td>{announcementText(edition.announcement)}</td>
          <td>
            {edition.status === 'scheduled' ? (
              <ConfirmButton
                className={styles.operatorConsoleButton}
                disabled={withdraw.isPending}
                question={`Withdraw ${edition.collection_id}? Users will never see it.`}
                onConfirm={() => withdraw.mutate(edition.id)}
              >
                Withdraw {edition.collection_id}
              </ConfirmButton>
            ) : null}
          </td>
        </tr>
      ))}
    </ConsoleTable>
  );
}

/**
 * The editions part of the console (product §10.13): upload a supplier file, see its problems or
 * a preview of what changes, publish it now or on its run date; and every edition below.
 */
export function EditionsSection() {
  const editions = useEditions();
  const [result, setResult] = useState<EditionUploadResponse | null>(null);
  // Nothing of the section shows before the server has let the operator in.
  if (editions.isPending || editions.isError) return <SectionState query={editions} what="editions" />;
  return (
    <>
      <UploadEditionForm onChecked={setResult} />
      {result?.status === 'rejected' ? <EditionProblems result={result} /> : null}
      {result?.status === 'checked' ? <EditionPreview key={result.upload_id} result={result} onDone={() => setResult(null)} /> : null}
      <EditionsTable editions={editions.data} />
    </>
  );
}
