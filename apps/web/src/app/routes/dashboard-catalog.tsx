import { DashboardSection } from '../../features/dashboard/components/dashboard-section';
import { CatalogScreen } from '../../features/catalog/components/catalog-screen';

/** Routes /dashboard and /dashboard/catalog: the catalogs. */
export function CatalogRoute() {
  return (
    <DashboardSection
      title="Catalogs"
      section="catalog"
      intro="Your price lists, with your markups and sales tax applied."
    >
      <CatalogScreen />
    </DashboardSection>
  );
}
