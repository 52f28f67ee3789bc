// TRUST_PROXY (README, "Deploying"): behind a reverse proxy, the client address used for throttling
// failed authentications is the one X-Forwarded-For gives, when that proxy is trusted; otherwise
// every client shares the proxy's address.
import { describe, expect, it } from 'vitest';
import { ConfigError, parseTrustProxy } from '../../src/config.js';
import { describeEachDb } from '../helpers/harness.js';

async function failFrom(inject: (o: object) => Promise<{ statusCode: number }>, forwardedFor: string) {
  return (
    await inject({
      method: 'GET',
      url: '/hello',
      remoteAddress: '127.0.0.1',
      headers: { 'x-api-key': 'fk_wrong', 'x-forwarded-for': forwardedFor },
    })
  ).statusCode;
}

for (const [trust, separate] of [
  ['127.0.0.1', true],
  ['', false],
] as const) {
  describeEachDb(
    `TRUST_PROXY=${trust || '(unset)'}`,
    (ctx) => {
      it(separate ? 'throttles each forwarded client apart' : 'throttles every client behind the proxy together', async () => {
        const inject = (o: object) => ctx.inject(o);
        expect(await failFrom(inject, '203.0.113.1')).toBe(401);
        expect(await failFrom(inject, '203.0.113.1')).toBe(401);
        expect(await failFrom(inject, '203.0.113.1')).toBe(429);
        expect(await failFrom(inject, '203.0.113.2')).toBe(separate ? 401 : 429);
      });
    },
    { TRUST_PROXY: trust, AUTH_FAILURE_LIMIT: '2' },
  );
}

describe('parseTrustProxy', () => {
  it('reads off, on, hop counts and address lists', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
  });
  it('refuses anything else, naming the variable', () => {
    for (const bad of ['proxy.local', '10.0.0.0/33', '1.2.3.4/8/9', '500']) expect(() => parseTrustProxy(bad)).toThrow(ConfigError);
    expect(() => parseTrustProxy('nope')).toThrow(/^TRUST_PROXY must be/);
  });
});
