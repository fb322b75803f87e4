import { storageKeys } from '@tradelist/contract/local-storage';
import { Navigate, useLocation, useParams } from 'react-router';
import { LatestCollectionPanel } from '../../features/catalog/components/latest-collection-panel';
import { parseCategoryId } from '../../features/catalog/utils/category-id';
import { loginPathReturningTo } from '../../lib/return-path';
import { useStoredValue } from '../../lib/stored-session';

/** Route /collections/:categoryId: signed-in users only; visitors sign in and come back here. */
export function CollectionsRoute() {
  const { categoryId } = useParams();
  const { pathname, search } = useLocation();
  const email = useStoredValue(storageKeys.email);
  if (!email) return <Navigate to={loginPathReturningTo(`${pathname}${search}`)} replace />;
  return <LatestCollectionPanel categoryId={parseCategoryId(categoryId)} />;
}
