import { createServer } from 'node:net';
import { expect, test } from 'vitest';
import { listenErrorMessage } from './listen-error.ts';

/** The error a real listen gives on a port another server holds. */
async function addressInUseError(): Promise<{ error: unknown; port: number }> {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const port = (holder.address() as { port: number }).port;
  const second = createServer();
  const error = await new Promise((resolve) => {
    second.once('error', resolve);
    second.listen(port, '127.0.0.1');
  });
  await new Promise((resolve) => holder.close(resolve));
  return { error, port };
}

test('a taken port names the address and PORT', async () => {
  const { error, port } = await addressInUseError();
  expect(listenErrorMessage(error, { host: '127.0.0.1', port })).toBe(
    `Tradelist cannot listen on 127.0.0.1:${port}: the port is already in use by another program. Set PORT to a free port.`,
  );
});

test('a forbidden port and a foreign address name PORT and HOST; other errors are not explained', () => {
  const fail = (code: string) => Object.assign(new Error(code), { code });
  expect(listenErrorMessage(fail('EACCES'), { host: '::1', port: 80 })).toMatch(/^Tradelist cannot listen on \[::1\]:80: .* Set PORT to a port above 1023\.$/);
  expect(listenErrorMessage(fail('EADDRNOTAVAIL'), { host: '10.9.9.9', port: 3000 })).toMatch(/10\.9\.9\.9 is not an address of this machine\. Set HOST/);
  expect(listenErrorMessage(new Error('boom'), { host: '127.0.0.1', port: 3000 })).toBeUndefined();
});

test("the metrics listener's address names METRICS_PORT and METRICS_HOST", async () => {
  const { error, port } = await addressInUseError();
  const metricsVariables = { port: 'METRICS_PORT', host: 'METRICS_HOST' };
  expect(listenErrorMessage(error, { host: '127.0.0.1', port }, metricsVariables)).toBe(
    `Tradelist cannot listen on 127.0.0.1:${port}: the port is already in use by another program. Set METRICS_PORT to a free port.`,
  );
  const fail = Object.assign(new Error('EADDRNOTAVAIL'), { code: 'EADDRNOTAVAIL' });
  expect(listenErrorMessage(fail, { host: '10.9.9.9', port: 9464 }, metricsVariables)).toMatch(/Set METRICS_HOST to one that is/);
});
