import spinnerStyles from './spinner.module.css';

/** Shown while a page's code or text is being downloaded. */
export function PageLoading() {
  return (
    <div className={spinnerStyles.pageLoading} role="status">
      <span className={spinnerStyles.spinner} aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
