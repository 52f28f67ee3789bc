// The use cases of XP Z12-014 annex B as the sandbox platform plays them for each invoice submitted:
// the statuses the platforms (200, 202, 203, 213) and the buyer (204, 205, 207, 210, 211) send, in
// order. The seller's own statuses (212 Encaissée, 220 Annulée) are Facturier's to send.
export const USE_CASES = ['UC1', 'UC2', 'UC3', 'UC4', 'UC5'] as const;
export type UseCase = (typeof USE_CASES)[number];

export interface PlayedStatus {
  code: string;
  emitter: 'Platform' | 'Buyer';
  reasonCode?: string;
  reason?: string;
}

const P = (code: string, reasonCode?: string, reason?: string): PlayedStatus => ({ code, emitter: 'Platform', reasonCode, reason });
const B = (code: string, reasonCode?: string, reason?: string): PlayedStatus => ({ code, emitter: 'Buyer', reasonCode, reason });

export const USE_CASE_STATUSES: Record<UseCase, { title: string; statuses: PlayedStatus[] }> = {
  UC1: {
    title: 'nominal: deposited, received, made available, taken in, approved, payment sent',
    statuses: [P('200'), P('202'), P('203'), B('204'), B('205'), B('211')],
  },
  UC2: {
    title: 'rejected by the platform as a duplicate',
    statuses: [P('200'), P('213', 'DOUBLON', 'Facture en doublon (déjà émise / reçue)')],
  },
  UC3: { title: 'refused by the buyer', statuses: [P('200'), P('202'), P('203'), B('210', 'TX_TVA_ERR', 'Taux de TVA erroné')] },
  UC4: {
    title: 'disputed by the buyer (the seller then cancels and issues a corrective invoice)',
    statuses: [P('200'), P('202'), P('203'), B('207', 'TX_TVA_ERR', 'Taux de TVA erroné')],
  },
  UC5: {
    title: 'disputed, then approved (settled by a credit note)',
    statuses: [P('200'), P('202'), P('203'), B('207', 'TX_TVA_ERR', 'Taux de TVA erroné'), B('205')],
  },
};

/** What a second submission of an invoice the platform already holds gets. */
export const DUPLICATE_STATUSES: PlayedStatus[] = [P('213', 'DOUBLON', 'Facture en doublon (déjà émise / reçue)')];
