import operatorConsoleStyles from './operator-console.module.css';

/** The operator console's home; its tools (editions, subscriptions, users) arrive with their issue. */
export function OperatorConsole() {
  return (
    <section className={operatorConsoleStyles.operatorConsole} aria-labelledby="operator-console-title">
      <title>Operator console | Tradelist</title>
      <h1 id="operator-console-title" className={operatorConsoleStyles.operatorConsoleTitle}>
        Operator console
      </h1>
      <p className={operatorConsoleStyles.operatorConsoleText}>
        Editions, subscriptions and users will be managed here. Until then, use the operator commands
        (<code>npm run admin</code>) described in the README.
      </p>
    </section>
  );
}
