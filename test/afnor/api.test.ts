// The reading of the official XP Z12-013 documents by src/afnor/api.ts: an acknowledgement detail
// carrying one of the standard's own reason codes conforms (the document's `oneOf` read as `anyOf`,
// src/afnor/README.md), as does a platform's own code; anything but a string does not.
import { describe, expect, it } from 'vitest';
import { checkResponse, checkWebhookCallback, findOperation } from '../../src/afnor/api.js';

const getFlow = findOperation('flow', 'get', '/v1/flows/abc')!.operationId;
const flowWith = (reasonCode: unknown) => ({
  flowId: 'abc',
  submittedAt: '2026-11-20T09:30:00.000Z',
  updatedAt: '2026-11-20T09:30:00.000Z',
  flowSyntax: 'CII',
  flowDirection: 'Out',
  acknowledgement: { status: 'Error', details: [{ level: 'Error', item: 'file', reasonCode, reasonMessage: 'why' }] },
});

describe('the AFNOR Flow Service document as api.ts reads it', () => {
  it('accepts the predefined reason codes and a platform-defined one; refuses a reason code that is not a string', () => {
    for (const code of ['InvalidSchema', 'ChecksumMismatch', 'FlowTypeError', 'IRR_OWN_CODE'])
      expect(checkResponse('flow', getFlow, 200, 'application/json', flowWith(code)), code).toEqual([]);
    expect(checkResponse('flow', getFlow, 200, 'application/json', flowWith(42)).join(' ')).toContain('reasonCode');
  });

  it('checks a webhook call against WebhookCallbackContent', () => {
    expect(checkWebhookCallback({ flowInfo: flowWith('InvalidSchema') })).toEqual([]);
    expect(checkWebhookCallback({ flowInfo: { flowDirection: 'Sideways' } }).join(' ')).toContain('flowDirection');
    expect(checkWebhookCallback('nope')).not.toEqual([]);
  });
});
