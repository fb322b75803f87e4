import { DashboardSection, EmptyState } from '../../features/dashboard/components/dashboard-section';

/** Routes /dashboard and /dashboard/catalog: the catalogs. */
export function CatalogRoute() {
  return (
    <DashboardSection
      title="Catalogs"
      section="catalog"
      intro="Your price lists, with your markups and sales tax applied."
    >
      <EmptyState heading="No catalogs to show yet">
        <p>
          Catalog browsing, downloads and sync are not available in the portal yet. When they are, this month&apos;s
          editions and the ones you bought will be listed here.
        </p>
      </EmptyState>
    </DashboardSection>
  );
}
