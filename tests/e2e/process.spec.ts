import { expect, test } from './helpers';
import { freePort, startServer, waitUntilServing } from './server-process';

test.describe('server process', () => {
  test('invalid configuration stops start-up with a message naming the variable', async () => {
    const server = startServer({ PORT: 'not-a-port', SMTP_URL: 'http://wrong' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT:');
    expect(server.output()).toContain('SMTP_URL:');
    server.cleanup();
  });

  test('first start prints a generated admin password once; SIGTERM shuts down cleanly', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port) });
    await waitUntilServing(port);
    expect(server.output()).toMatch(/password: \S{16}/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    server.cleanup();
  });
});
