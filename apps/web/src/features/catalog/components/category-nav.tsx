import { ALL_CATEGORY_ID, FREE_CATEGORY_ID, type Category } from '@tradelist/contract/catalog';
import { Link } from 'react-router';
import type { CatalogCategoryId } from '../api/get-latest-collection';
import buttonStyles from '../../../components/ui/button.module.css';
import catalogStyles from './catalog.module.css';
import { cx } from '../../../lib/cx';

interface CategoryNavProps {
  /** Every category; free ones are reached through 'Free', announced ones show as coming soon. */
  categories: Category[];
  selected: CatalogCategoryId;
}

/** The catalog's view links (product §2): All, each paid category, Free; announced categories disabled. */
export function CategoryNav({ categories, selected }: CategoryNavProps) {
  const available = categories.filter((category) => !category.is_free && !category.is_announced);
  const announced = categories.filter((category) => !category.is_free && category.is_announced);
  const tabs: Array<{ id: CatalogCategoryId; label: string }> = [
    { id: ALL_CATEGORY_ID, label: 'All' },
    ...available.map((category) => ({ id: category.id, label: category.name })),
    { id: FREE_CATEGORY_ID, label: 'Free' },
  ];

  return (
    <nav aria-label="Catalog categories">
      <ul className={catalogStyles.catalogNavList}>
        {tabs.map((tab) => {
          const isCurrent = tab.id === selected;
          return (
            <li key={tab.id}>
              <Link
                to={{ search: `?category=${tab.id}` }}
                className={cx(catalogStyles.catalogNavTab, isCurrent && catalogStyles.isActive)}
                aria-current={isCurrent ? 'page' : undefined}
                replace
                preventScrollReset
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
        {announced.map((category) => (
          <li key={category.id}>
            <span className={cx(catalogStyles.catalogNavTab, catalogStyles.isDisabled)} aria-disabled="true">
              {category.name} <span className={buttonStyles.badge}>Coming soon</span>
            </span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
