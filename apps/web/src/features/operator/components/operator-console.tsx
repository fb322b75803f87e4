/** The operator console's home; its tools (editions, subscriptions, users) arrive with their issue. */
export function OperatorConsole() {
  return (
    <section className="operator-console" aria-labelledby="operator-console-title">
      <title>Operator console | Tradelist</title>
      <h1 id="operator-console-title" className="operator-console__title">
        Operator console
      </h1>
      <p className="operator-console__text">
        Editions, subscriptions and users will be managed here. Until then, use the operator commands
        (<code>npm run admin</code>) described in the README.
      </p>
    </section>
  );
}
