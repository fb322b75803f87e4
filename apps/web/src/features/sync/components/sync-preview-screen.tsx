import type { ChangeKind, SyncPreviewResponse } from '@tradelist/contract/sync-previews';
import { syncProviderOf, type SyncProvider } from '@tradelist/contract/sync';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buildPath, paths } from '../../../config/paths';
import { cx } from '../../../lib/cx';
import { notify } from '../../../lib/notify';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { previewKeys, skusOfKinds, useApproveSyncPreview, useStartSyncPreview, useSyncPreview } from '../api/previews';
import { useConnections } from '../hooks/use-connections';
import { providerName, syncMessages } from '../utils/messages';
import { approvalRequest, approvedCounts, approveLabel, emptyDraft, type ApprovalDraft } from '../utils/preview-approval';
import { PreviewCountButtons, PreviewPager, PreviewTable, PreviewTools } from './preview-changes';
import { PreviewOptions } from './preview-options';
import { SyncRunPanel } from './sync-run-panel';
import buttonStyles from '../../../components/ui/button.module.css';
import spinnerStyles from '../../../components/ui/spinner.module.css';
import styles from './sync-preview.module.css';

/** Changes shown per page. */
const pageSize = 100;
/** How long typing pauses before the server is asked. */
const searchDelayMs = 250;

/** Expired or failed: the reason, and a new preview of the same edition to the same service. */
function PreviewAgain({ preview, provider }: { preview: SyncPreviewResponse; provider: SyncProvider }) {
  const navigate = useNavigate();
  const connections = useConnections();
  const again = useStartSyncPreview({
    onSuccess: ({ id }) => void navigate(buildPath(paths.dashboardSyncPreview, { previewId: id })),
    onError: (error) => notify.error(error.message),
  });
  const companyId = provider === 'quickbooks' ? connections.quickbooks.companyId : null;
  return (
    <div className={styles.previewAlert} role="alert">
      <p>{preview.error ?? (preview.status === 'expired' ? 'This preview has expired. Preview the sync again.' : 'This preview failed. Preview the sync again.')}</p>
      <button
        type="button"
        className={cx(buttonStyles.button, buttonStyles.buttonPrimary)}
        aria-disabled={again.isPending || undefined}
        onClick={() => {
          if (again.isPending) return;
          again.mutate({ collection_id: preview.collection_id, category_id: 'none', provider, profile_id: preview.profile_id, ...(companyId ? { company_id: companyId } : {}) });
        }}
      >
        {again.isPending ? 'Starting the preview…' : 'Preview again'}
      </button>
    </div>
  );
}

/** The bar under the changes: what Approve will do, Approve itself, and the way back. */
function ApproveBar({ preview, draft }: { preview: SyncPreviewResponse; draft: ApprovalDraft }) {
  const queryClient = useQueryClient();
  const [collecting, setCollecting] = useState(false);
  const approve = useApproveSyncPreview({
    onSuccess: () => notify.success(syncMessages.started),
    onError: (error) => notify.error(error.message),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: previewKeys.all(preview.id) }),
  });
  const approved = approvedCounts(draft, preview.counts);
  const busy = collecting || approve.isPending;
  const submit = async () => {
    if (busy) return;
    setCollecting(true);
    try {
      const skus = await skusOfKinds(preview.id, [...draft.excludedKinds]);
      approve.mutate({ previewId: preview.id, body: approvalRequest(draft, skus) });
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'The preview could not be read.');
    } finally {
      setCollecting(false);
    }
  };
  return (
    <div className={styles.approve}>
      <p>
        {approved.leftAlone > 0 ? `${approved.leftAlone} ${approved.leftAlone === 1 ? 'change is' : 'changes are'} left as they are. ` : ''}
        Nothing is written until you approve.
      </p>
      <div className={styles.approveActions}>
        <Link to={paths.dashboardCatalog} className={cx(buttonStyles.button, buttonStyles.buttonOutline)}>
          Cancel
        </Link>
        <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonPrimary)} aria-disabled={busy || undefined} onClick={() => void submit()}>
          {busy ? 'Starting the sync…' : approveLabel(approved)}
        </button>
      </div>
    </div>
  );
}

/** A ready preview: counts, choices, the changes and Approve. */
function ReadyPreview({ preview, provider, view }: { preview: SyncPreviewResponse; provider: SyncProvider; view: PreviewView }) {
  const [draft, setDraft] = useState<ApprovalDraft>(emptyDraft);
  const emptyText = view.search ? `No change matches “${view.search}”.` : 'No change of this kind.';
  return (
    <>
      <p className={styles.previewIntro}>
        What a sync to {providerName(provider)} would change, largest change first. Leave out what you do not want, then approve: only what you approve is written.
      </p>
      <PreviewCountButtons counts={preview.counts} kind={view.kind} onKind={view.setKind} />
      <PreviewOptions counts={preview.counts} draft={draft} onDraft={setDraft} provider={provider} />
      <PreviewTools search={view.search} onSearch={view.setSearch} kind={view.kind} onKind={view.setKind} shown={preview.total} isFetching={view.isFetching} />
      <PreviewTable changes={preview.changes} draft={draft} onDraft={setDraft} provider={provider} emptyText={emptyText} />
      <PreviewPager offset={preview.offset} limit={preview.limit} total={preview.total} onOffset={view.setOffset} />
      <ApproveBar preview={preview} draft={draft} />
    </>
  );
}

/** The filter, search and page the screen shows. */
interface PreviewView {
  kind: ChangeKind | null;
  setKind: (kind: ChangeKind | null) => void;
  search: string;
  setSearch: (search: string) => void;
  setOffset: (offset: number) => void;
  isFetching: boolean;
}

/**
 * A sync's preview (product §10.21): read from the service as a job (running, then ready; its id in
 * the address, so a reload finds it), the counts on top, the changes largest first, searchable and
 * filtered by kind; the user leaves items or groups out and approves; the sync then runs here.
 */
export function SyncPreviewScreen({ previewId }: { previewId: number }) {
  const [kind, setKindState] = useState<ChangeKind | null>(null);
  const [search, setSearchState] = useState('');
  const [offset, setOffset] = useState(0);
  const searched = useDebouncedValue(search.trim(), searchDelayMs);
  const query = useSyncPreview(previewId, { kind, search: searched, offset, limit: pageSize });
  const view: PreviewView = {
    kind,
    setKind: (next) => {
      setKindState(next);
      setOffset(0);
    },
    search,
    setSearch: (next) => {
      setSearchState(next);
      setOffset(0);
    },
    setOffset,
    isFetching: query.isFetching,
  };

  if (query.isPending) {
    return (
      <p className={styles.previewStatus} role="status">
        Loading the preview…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className={styles.previewAlert} role="alert">
        <p>{query.error.message}</p>
        <Link to={paths.dashboardCatalog}>Back to the catalogs</Link>
      </div>
    );
  }
  const preview = query.data;
  const provider = syncProviderOf(preview.provider);
  return (
    <div className={styles.preview}>
      {preview.status === 'running' ? (
        <p className={styles.previewStatus} role="status">
          <span className={spinnerStyles.spinner} aria-hidden="true" />
          Reading the items in {providerName(provider)}… Nothing is written until you approve.
        </p>
      ) : preview.status === 'expired' || preview.status === 'failed' ? (
        <PreviewAgain preview={preview} provider={provider} />
      ) : preview.status === 'approved' && preview.sync_id !== null ? (
        <SyncRunPanel syncId={preview.sync_id} provider={provider} />
      ) : (
        <ReadyPreview preview={preview} provider={provider} view={view} />
      )}
    </div>
  );
}
