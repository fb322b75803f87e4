import type { ReactNode } from 'react';
import type { DashboardSection as SectionName } from '../../../lib/session-storage';
import { useRememberSection } from '../hooks/use-remember-section';

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
    <section className="dashboard-section" aria-labelledby="dashboard-section-title">
      {section ? <RememberSection section={section} /> : null}
      <title>{`${title} | Tradelist`}</title>
      <h1 id="dashboard-section-title" className="dashboard-section__title">
        {title}
      </h1>
      {intro ? <p className="dashboard-section__intro">{intro}</p> : null}
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
    <div className="empty-state">
      <h2 className="empty-state__heading">{heading}</h2>
      <div className="empty-state__body">{children}</div>
    </div>
  );
}
