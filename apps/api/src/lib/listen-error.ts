/**
 * One line for an address the server cannot listen on, naming the variable that changes it, or
 * undefined for any other error (whose stack trace is then the useful part).
 */
export function listenErrorMessage(
  error: unknown,
  where: { host: string; port: number },
  /** The variables that set this address: the metrics listener's are METRICS_PORT and METRICS_HOST. */
  variables: { port: string; host: string } = { port: 'PORT', host: 'HOST' },
): string | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const prefix = `Tradelist cannot listen on ${where.host.includes(':') ? `[${where.host}]` : where.host}:${where.port}`;
  if (code === 'EADDRINUSE') return `${prefix}: the port is already in use by another program. Set ${variables.port} to a free port.`;
  if (code === 'EACCES') return `${prefix}: this user may not open that port (ports below 1024 need privileges). Set ${variables.port} to a port above 1023.`;
  if (code === 'EADDRNOTAVAIL') return `${prefix}: ${where.host} is not an address of this machine. Set ${variables.host} to one that is (127.0.0.1 by default).`;
  return undefined;
}
