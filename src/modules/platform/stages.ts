// The outbox worker's platform stages: finalizations and payments looked at in the outbox (a
// transmission, a 212 Encaissée or a 220 Annulée queued, with the event cursor, in one transaction), due
// transmissions and outgoing statuses submitted, and each account's flows read every minute.
import Big from 'big.js';
import { transaction } from '../../db/transaction.js';
import type { Stage } from '../../jobs/runner.js';
import * as repo from './repo.js';
import {
  enqueueIfEInvoice,
  lookUpOnSave,
  pollAccount,
  queueCancelled,
  queueCollected,
  runOutgoing,
  runTransmissions,
  type PlatformContext,
} from './service.js';

/** How often each account's flows are read (the PA's webhook, when it has one, is not used yet). */
export const POLL_INTERVAL_MS = 60_000;
const EVENT_TYPES = ['InvoiceFinalized', 'CreditFinalized', 'InvoiceCancelled', 'ReceiptCreated', 'CustomerCreated', 'CustomerUpdated'];

interface CustomerPayload {
  id: number;
  companyInformations?: { siret?: string | null; electronicAddress?: string | null } | null;
}

interface ReceiptPayload {
  id: number;
  date: string;
  status: string;
  links: { amount: number | null; id: number; type: string }[] | null;
}

export function eventsStage(p: PlatformContext): Stage {
  return {
    name: 'platform:events',
    async run(now) {
      // Customers saved with a SIREN and no electronic address are looked up in the directory after the
      // batch commits: never a network call inside a transaction.
      const lookups: { accountId: number; customerId: number }[] = [];
      const handled = await transaction(p.ctx.db, async (trx) => {
        lookups.length = 0;
        const batch = await repo.eventsAfter(trx, EVENT_TYPES, 500, Date.now());
        if (!batch?.moved) return 0;
        const withPlatform = new Set(await repo.accountsWithPlatform(trx));
        for (const e of batch.events) {
          if (!withPlatform.has(e.accountId)) continue;
          const payload = JSON.parse(e.payload) as { id: number };
          if (e.type === 'InvoiceFinalized') await enqueueIfEInvoice(p, trx, e.accountId, 'Invoice', payload.id, now);
          else if (e.type === 'CreditFinalized') await enqueueIfEInvoice(p, trx, e.accountId, 'Credit', payload.id, now);
          else if (e.type === 'InvoiceCancelled') await queueCancelled(p, trx, e.accountId, payload.id);
          else if (e.type === 'CustomerCreated' || e.type === 'CustomerUpdated') {
            const info = (payload as CustomerPayload).companyInformations;
            if (info?.siret && !info.electronicAddress) lookups.push({ accountId: e.accountId, customerId: payload.id });
          } else {
            const receipt = payload as ReceiptPayload;
            if (receipt.status !== 'Success') continue;
            for (const link of receipt.links ?? []) {
              const invoiceId = link.type === 'Invoice' ? link.id : link.type === 'Commitment' ? Math.floor(link.id / 1000) : null;
              if (invoiceId === null || link.amount === null) continue;
              await queueCollected(
                p,
                trx,
                e.accountId,
                { receiptId: receipt.id, date: receipt.date, amount: new Big(link.amount) },
                invoiceId,
              );
            }
          }
        }
        await repo.setEventCursor(trx, batch.next);
        return batch.events.length || 1;
      });
      for (const l of lookups) await lookUpOnSave(p, l.accountId, l.customerId);
      return handled;
    },
  };
}

export function transmitStage(p: PlatformContext): Stage {
  return { name: 'platform:transmit', run: (now) => runTransmissions(p, now) };
}

export function outgoingStage(p: PlatformContext): Stage {
  return { name: 'platform:outgoing', run: (now) => runOutgoing(p, now) };
}

export function pollStage(p: PlatformContext): Stage {
  let lastDiscovery = -Infinity;
  return {
    name: 'platform:poll',
    async run(now) {
      const db = p.ctx.db.kysely;
      if (now - lastDiscovery >= POLL_INTERVAL_MS) {
        lastDiscovery = now;
        for (const accountId of await repo.accountsWithPlatform(db)) await repo.ensureCursor(db, accountId);
      }
      let handled = 0;
      for (const accountId of await repo.cursorsDue(db, new Date(now - POLL_INTERVAL_MS).toISOString(), 20)) {
        handled += await pollAccount(p, accountId, now);
      }
      return handled;
    },
  };
}
