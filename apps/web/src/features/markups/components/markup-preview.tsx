import type { Collection, PreviewProduct, PreviewProductsResponse } from '@tradelist/contract/catalog';
import { useId, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { isApiError } from '../../../lib/api-client';
import buttonStyles from '../../../components/ui/button.module.css';
import fieldStyles from '../../../components/ui/field.module.css';
import { cx } from '../../../lib/cx';
import { formatCount, formatRunDate } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePreviewFirstPage } from '../api/get-preview-products';
import { compileRules } from '@tradelist/pricing/rules';
import { ignoredRulesNotice, previewRules } from '../utils/preview-rules';
import type { RulesDraft } from '../utils/rules-draft';
import { ApplyItemRuleBar } from './item-rules';
import type { RulesFormApi } from './rules-form';
import previewStyles from './markup-preview.module.css';
import { ItemPriceDetail } from './item-price-detail';
import { PreviewTable } from './preview-table';

/** How long typing pauses before the server is asked. */
const searchDelayMs = 250;

interface MarkupPreviewProps {
  form: RulesFormApi;
  /** False while no email is stored: nothing is asked then. */
  enabled: boolean;
  /** A current edition chosen in the catalog ("See what changed"); null for the user's list. */
  collectionId: number | null;
  /** Whether "Changed this month" starts ticked. */
  initialChanged: boolean;
}

interface PreviewHeaderProps {
  headingId: string;
  collection: Collection | null;
  previousCollection: Collection | null;
  ignoredNotice: string | null;
}

/** The title with the edition, what the preview does, and which values it ignores. */
function PreviewHeader({ headingId, collection, previousCollection, ignoredNotice }: PreviewHeaderProps) {
  return (
    <>
      <div className={previewStyles.markupPreviewHeading}>
        <h2 className={previewStyles.markupPreviewTitle} id={headingId}>
          Price preview
        </h2>
        {collection ? (
          <p className={previewStyles.markupPreviewEdition}>
            {collection.name} · <time dateTime={collection.rundate}>{formatRunDate(collection.rundate)}</time>
          </p>
        ) : null}
      </div>
      <p className={previewStyles.markupPreviewIntro}>Prices update as you type. Nothing is saved until you press Save markups. Select items to give them a rule of their own.</p>
      {ignoredNotice ? (
        <p className={previewStyles.markupPreviewIgnored} role="status">
          {ignoredNotice}
        </p>
      ) : null}
      {collection ? (
        <p className={previewStyles.markupPreviewIntro}>
          {previousCollection
            ? `Changes are against ${previousCollection.name}, on your price as typed.`
            : 'This is the first edition of this list: there is no earlier edition to compare it with.'}
        </p>
      ) : null}
    </>
  );
}

/** The whole list could not be read: a refusal (e.g. the download limit) says why; anything else offers another try. */
function PreviewLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div className={cx(previewStyles.markupPreviewStatus, previewStyles.markupPreviewStatusError)} role="alert">
      <p>{isApiError(error) && error.status === 403 && error.body ? error.body.error : 'The products could not be loaded.'}</p>
      <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

interface PreviewToolsProps {
  search: string;
  onSearch: (search: string) => void;
  /** Whether "Changed this month" is ticked; it cannot be without a previous edition. */
  changedOnly: boolean;
  canFilterChanged: boolean;
  onChangedOnly: (changedOnly: boolean) => void;
  shownTotal: number;
  editionTotal: number;
  isFetching: boolean;
}

/** The search box, "Changed this month" and how many items match. */
function PreviewTools({ search, onSearch, changedOnly, canFilterChanged, onChangedOnly, shownTotal, editionTotal, isFetching }: PreviewToolsProps) {
  const searchId = useId();
  const changedId = useId();
  return (
    <div className={previewStyles.markupPreviewTools}>
      <div className={cx(fieldStyles.field, previewStyles.markupPreviewSearch)}>
        <label className={fieldStyles.fieldLabel} htmlFor={searchId}>
          Search products
        </label>
        <input
          id={searchId}
          className={fieldStyles.fieldInput}
          type="search"
          placeholder="Name, SKU or group"
          autoComplete="off"
          maxLength={100}
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      <label className={previewStyles.markupPreviewChanged} htmlFor={changedId}>
        <input id={changedId} type="checkbox" checked={changedOnly} disabled={!canFilterChanged} onChange={(event) => onChangedOnly(event.target.checked)} />
        Changed this month
      </label>
      <p className={previewStyles.markupPreviewCount} aria-live="polite" aria-busy={isFetching || undefined}>
        {formatCount(shownTotal)} of {formatCount(editionTotal)} items
      </p>
    </div>
  );
}

/** The rules as typed, compiled for the rows, and the notice naming the values the preview leaves out (product §5). */
function useTypedRules(form: RulesFormApi) {
  const typed = useWatch({ control: form.control }) as RulesDraft;
  return useMemo(() => {
    const { rules, ignored } = previewRules(typed);
    return { engine: compileRules(rules), ignoredNotice: ignoredRulesNotice(ignored) };
  }, [typed]);
}

/** The whole list's first page names the edition and its size; the filter's first page, the matches. */
function usePreviewLists(collectionId: number | null, enabled: boolean, initialChanged: boolean) {
  const [search, setSearch] = useState('');
  const [changedOnly, setChangedOnly] = useState(initialChanged);
  const searched = useDebouncedValue(search.trim(), searchDelayMs);
  const whole = usePreviewFirstPage({ filter: { collectionId, search: '', changed: false }, enabled });
  // Without a previous edition there is nothing to filter on (a link may still ask for it).
  const hasNoPrevious = whole.data !== undefined && whole.data.previous_collection === null;
  const matches = usePreviewFirstPage({ filter: { collectionId, search: searched, changed: changedOnly && !hasNoPrevious }, enabled });
  const shown: PreviewProductsResponse | undefined = matches.data ?? whole.data;
  return { whole, matches, shown, search, setSearch, changedOnly: changedOnly && !hasNoPrevious, setChangedOnly };
}

interface SelectShownProps {
  products: readonly PreviewProduct[];
  total: number;
  selected: ReadonlySet<string>;
  onSelect: (selected: ReadonlySet<string>) => void;
}

/** Selects the items the search or filter shows (its first page), to give them one rule at once. */
function SelectShown({ products, total, selected, onSelect }: SelectShownProps) {
  if (products.length === 0) return null;
  const label = total <= products.length ? `Select all ${formatCount(total)} shown` : `Select the first ${formatCount(products.length)} shown`;
  return (
    <div>
      <button
        type="button"
        className={cx(buttonStyles.button, buttonStyles.buttonOutline)}
        onClick={() => onSelect(new Set([...selected, ...products.map((product) => product.sku)]))}
      >
        {label}
      </button>
    </div>
  );
}

/**
 * The live preview beside the markup form: the newest list the user may download, priced with
 * the markups AS TYPED (invalid values count as empty), searched by name, SKU and group on the
 * server, and fetched page by page as the user scrolls, so a list of any size stays light. Each
 * item shows its change against the previous edition on the price as typed (product §10.15);
 * "Changed this month" keeps only new and re-priced items, on the server.
 */
export function MarkupPreview({ form, enabled, collectionId, initialChanged }: MarkupPreviewProps) {
  const headingId = useId();
  const { engine, ignoredNotice } = useTypedRules(form);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const { whole, matches, shown, search, setSearch, changedOnly, setChangedOnly } = usePreviewLists(collectionId, enabled, initialChanged);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [openItem, setOpenItem] = useState<PreviewProduct | null>(null);
  const collection = whole.data?.collection ?? null;
  const previousCollection = whole.data?.previous_collection ?? null;
  const editionTotal = whole.data?.total ?? 0;
  // A new filter shows its first rows from the top.
  const scrollToTop = () => scrollRef.current?.scrollTo({ top: 0 });

  return (
    <section className={previewStyles.markupPreview} aria-labelledby={headingId}>
      <PreviewHeader headingId={headingId} collection={collection} previousCollection={previousCollection} ignoredNotice={ignoredNotice} />
      {whole.isPending && enabled ? (
        <p className={previewStyles.markupPreviewStatus} role="status">
          Loading products…
        </p>
      ) : whole.isError ? (
        <PreviewLoadError error={whole.error} onRetry={() => void whole.refetch()} />
      ) : !collection || editionTotal === 0 || !shown ? (
        <p className={previewStyles.markupPreviewStatus}>No price list is available to preview yet.</p>
      ) : (
        <>
          <PreviewTools
            search={search}
            onSearch={(next) => {
              setSearch(next);
              scrollToTop();
            }}
            changedOnly={changedOnly}
            canFilterChanged={previousCollection !== null}
            onChangedOnly={(next) => {
              setChangedOnly(next);
              scrollToTop();
            }}
            shownTotal={shown.total}
            editionTotal={editionTotal}
            isFetching={matches.isFetching}
          />
          <SelectShown products={shown.products} total={shown.total} selected={selected} onSelect={setSelected} />
          {selected.size > 0 ? <ApplyItemRuleBar form={form} selected={[...selected]} onDone={() => setSelected(new Set())} /> : null}
          {matches.isError ? (
            <p className={cx(previewStyles.markupPreviewStatus, previewStyles.markupPreviewStatusError)} role="alert">
              The search could not be run. Please try again.
            </p>
          ) : null}
          <ItemPriceDetail collectionId={collection.id} item={openItem} rules={engine.rules} onClose={() => setOpenItem(null)} />
          <PreviewTable
            key={`${shown.changed}:${shown.search}`}
            total={shown.total}
            filter={{ collectionId, search: shown.search, changed: shown.changed }}
            hasPrevious={previousCollection !== null}
            firstPage={shown.products}
            engine={engine}
            selected={selected}
            onSelect={setSelected}
            scrollRef={scrollRef}
            enabled={enabled}
            onOpenItem={setOpenItem}
          />
        </>
      )}
    </section>
  );
}
