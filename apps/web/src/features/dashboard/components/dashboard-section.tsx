import type { ReactNode } from 'react';
import type { DashboardSection as SectionName } from '../../../lib/session-storage';
import { useRememberSection } from '../hooks/use-remember-section';
import dashboardSectionStyles from './dashboard-section.module.css';

interface DashboardSectionProps {
  title: string;
  /** The sidebar section this screen belongs to; remembered as `activeSection`. */
  section?: SectionName;
  intro?: string;
  children: ReactNode;
}

/** A dashboard screen's frame: title, optional intro and its content. */
export function DashboardSection({ title, section, intro, children }: DashboardSectionProps) {
  return (
    <section aria-labelledby="dashboard-section-title">
      {section ? <RememberSection section={section} /> : null}
      <title>{`${title} | Tradelist`}</title>
      <h1 id="dashboard-section-title" className={dashboardSectionStyles.dashboardSectionTitle}>
        {title}
      </h1>
      {intro ? <p className={dashboardSectionStyles.dashboardSectionIntro}>{intro}</p> : null}
      {children}
    </section>
  );
}

function RememberSection({ section }: { section: SectionName }) {
  useRememberSection(section);
  return null;
}

/** An honest empty state: what will be here, and that it is not there yet. */
export function EmptyState({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className={dashboardSectionStyles.emptyState}>
      <h2 className={dashboardSectionStyles.emptyStateHeading}>{heading}</h2>
      <div className={dashboardSectionStyles.emptyStateBody}>{children}</div>
    </div>
  );
}
