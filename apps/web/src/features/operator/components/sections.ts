import type { ComponentType } from 'react';
import { AuditLogSection } from './audit-log/audit-log-section';
import { BlogSection } from './blog/blog-section';
import { CategoriesSection } from './categories/categories-section';
import { EditionsSection } from './editions/editions-section';
import { PlansSection } from './plans/plans-section';
import { UserGuideSection } from './user-guide/user-guide-section';
import { OverviewSection } from './overview/overview-section';
import { SignupsSection } from './signups/signups-section';
import { UsersSection } from './users/users-section';
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
  { slug: 'overview', label: 'Overview', Component: OverviewSection },
  { slug: 'editions', label: 'Editions', Component: EditionsSection },
  { slug: 'categories', label: 'Categories', Component: CategoriesSection },
  { slug: 'plans', label: 'Plans', Component: PlansSection },
  { slug: 'blog', label: 'Blog', Component: BlogSection },
  { slug: 'user-guide', label: 'User guide', Component: UserGuideSection },
  { slug: 'users', label: 'Users', Component: UsersSection },
  { slug: 'signups', label: 'Signups', Component: SignupsSection },
  { slug: 'product-news', label: 'Product news', Component: ProductNewsSection },
  { slug: 'audit-log', label: 'Audit log', Component: AuditLogSection },
];
