import type { ComponentType } from 'react';
import { AuditLogSection } from './audit-log/audit-log-section';
import { EditionsSection } from './editions/editions-section';
import { ProductNewsSection } from './product-news/product-news-section';

/** One part of the console: its path segment under /operator, its tab label and its screen. */
export interface OperatorSection {
  slug: string;
  label: string;
  Component: ComponentType;
}

/**
 * The console's parts, in the order of its navigation; the first is what /operator opens.
 * Order: overview, editions, categories, plans, blog, user guide, users, signups, product news,
 * audit log.
 */
export const operatorSections: OperatorSection[] = [
  { slug: 'editions', label: 'Editions', Component: EditionsSection },
  { slug: 'product-news', label: 'Product news', Component: ProductNewsSection },
  { slug: 'audit-log', label: 'Audit log', Component: AuditLogSection },
];
