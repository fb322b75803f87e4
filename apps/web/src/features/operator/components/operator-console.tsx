import { Link, NavLink, useParams } from 'react-router';
import { buildPath, appRoutes } from '@tradelist/contract/app-routes';
import { LogoutIcon } from '../../../components/ui/icons';
import { NotFoundMessage } from './not-found-message';
import styles from './operator-console.module.css';
import { operatorSections } from './sections';

interface OperatorConsoleProps {
  onLogout: () => void;
  isLoggingOut: boolean;
}

/**
 * The operator console (/operator and /operator/{section}): a link back to the dashboard and a
 * logout, a navigation of its parts and the part that is open. Every call it makes is refused by
 * the server to anyone but an operator.
 */
export function OperatorConsole({ onLogout, isLoggingOut }: OperatorConsoleProps) {
  const { section: slug } = useParams();
  const section = slug === undefined ? operatorSections[0]! : operatorSections.find((candidate) => candidate.slug === slug);
  return (
    <section className={styles.operatorConsole} aria-labelledby="operator-console-title">
      <title>{`${section ? `${section.label} | ` : ''}Operator console | Tradelist`}</title>
      <header className={styles.operatorConsoleHeader}>
        <h1 id="operator-console-title" className={styles.operatorConsoleTitle}>
          Operator console
        </h1>
        <div className={styles.operatorConsoleTools}>
          <Link to={appRoutes.dashboard} className={styles.operatorConsoleTool}>
            Dashboard
          </Link>
          <button type="button" className={styles.operatorConsoleTool} onClick={onLogout} disabled={isLoggingOut}>
            <LogoutIcon />
            Logout
          </button>
        </div>
      </header>
      <nav aria-label="Operator console" className={styles.operatorConsoleNav}>
        <ul>
          {operatorSections.map((candidate, index) => (
            <li key={candidate.slug}>
              <NavLink
                to={buildPath(appRoutes.operatorSection, { section: candidate.slug })}
                className={({ isActive }) => (isActive || (slug === undefined && index === 0) ? styles.operatorConsoleNavActive : styles.operatorConsoleNavLink)}
                aria-current={slug === candidate.slug || (slug === undefined && index === 0) ? 'page' : undefined}
              >
                {candidate.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.operatorConsoleBody}>{section ? <section.Component /> : <NotFoundMessage />}</div>
    </section>
  );
}
