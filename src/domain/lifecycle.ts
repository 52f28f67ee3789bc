// The lifecycle statuses of an e-invoice (AFNOR XP Z12-012 / XP Z12-014, CDAR "CDV" messages) and
// the one rule that turns a document's timeline into its current status. Pure: the platform module
// records what the plateforme agréée (PA) says; this file decides what it means.
//
// Names and phases are those of the official examples and of the BR-FR-CDV 1.4.0.03 Schematron
// (../shared/reference/afnor/README.md). Codes that neither names are kept with their number only.

export type StatusPhase = 'Transmission' | 'Processing';
export type StatusEmitter = 'Platform' | 'Buyer' | 'Seller' | 'Other';

export interface LifecycleStatus {
  code: string;
  /** MDT-106 as the official examples write it. */
  label: string;
  /** MDT-77: 305 transmission (platforms), 23 processing (buyer, seller). */
  phase: StatusPhase;
  /** MDT-88 (UNECE 4405), when the examples give one. */
  unStatus: string | null;
  /** The status ends the document's lifecycle: Facturier marks it processed (spec: `isProcessed`). */
  terminal: boolean;
  /** BR-FR-CDV-15: the status needs a reason code (MDT-113). */
  needsReason: boolean;
}

const S = (
  code: string,
  label: string,
  phase: StatusPhase,
  unStatus: string | null,
  terminal = false,
  needsReason = false,
): LifecycleStatus => ({ code, label, phase, unStatus, terminal, needsReason });

/**
 * Terminal statuses (XP Z12-014: the lifecycle of an invoice ends when it is rejected by a platform,
 * refused by its buyer, cancelled by its seller, or collected): 213 Rejetée, 210 Refusée,
 * 220 Annulée, 212 Encaissée, and 501 Irrecevable (the flow never became an invoice).
 */
export const LIFECYCLE_STATUSES: readonly LifecycleStatus[] = [
  S('200', 'Déposée', 'Transmission', '10'),
  S('201', 'Émise par la plateforme', 'Transmission', null),
  S('202', 'Reçue', 'Transmission', '43'),
  S('203', 'Mise à disposition', 'Transmission', '48'),
  S('204', 'Prise en charge', 'Processing', '45'),
  S('205', 'Approuvée', 'Processing', '1'),
  S('206', 'Suspendue', 'Processing', null, false, true),
  S('207', 'En litige', 'Processing', '46', false, true),
  S('208', 'Approuvée partiellement', 'Processing', null, false, true),
  S('210', 'Refusée', 'Processing', '50', true, true),
  S('211', 'Paiement transmis', 'Processing', '47'),
  S('212', 'Encaissée', 'Processing', '47', true),
  S('213', 'Rejetée', 'Transmission', '8', true, true),
  S('220', 'Annulée', 'Processing', null, true),
  S('501', 'Irrecevable', 'Transmission', null, true, true),
];

const BY_CODE = new Map(LIFECYCLE_STATUSES.map((s) => [s.code, s]));

export function lifecycleStatus(code: string): LifecycleStatus | undefined {
  return BY_CODE.get(code);
}

/** Reason codes (MDT-113) the BR-FR-CDV-CL-09 rule accepts for the statuses a buyer sends. */
export const BUYER_REASON_CODES: Readonly<Record<'207' | '210', readonly string[]>> = {
  '207': [
    'AUTRE',
    'COORD_BANC_ERR',
    'TX_TVA_ERR',
    'MONTANTTOTAL_ERR',
    'CALCUL_ERR',
    'NON_CONFORME',
    'DOUBLON',
    'DEST_INC',
    'DEST_ERR',
    'TRANSAC_INC',
    'EMMET_INC',
    'CONTRAT_TERM',
    'DOUBLE_FACT',
    'CMD_ERR',
    'ADR_ERR',
    'SIRET_ERR',
    'CODE_ROUTAGE_ERR',
    'REF_CT_ABSENT',
    'REF_ERR',
    'PU_ERR',
    'REM_ERR',
    'QTE_ERR',
    'ART_ERR',
    'MODPAI_ERR',
    'QUALITE_ERR',
    'LIVR_INCOMP',
  ],
  '210': [
    'TX_TVA_ERR',
    'MONTANTTOTAL_ERR',
    'CALCUL_ERR',
    'NON_CONFORME',
    'DOUBLON',
    'DEST_ERR',
    'TRANSAC_INC',
    'EMMET_INC',
    'CONTRAT_TERM',
    'DOUBLE_FACT',
    'CMD_ERR',
    'ADR_ERR',
    'REF_CT_ABSENT',
  ],
};

/** One recorded status of a document, as the timeline keeps it. */
export interface TimelineEntry {
  code: string;
  /** MDT-78: when the status was reached (ISO date-time). Statuses apply in this order. */
  statusAt: string;
  /** MDT-113 of the first status detail, when there is one. */
  reasonCode: string | null;
  /** MDT-95: when the platform received the submission the status is about (ISO), when given. */
  receivedAt: string | null;
}

export interface CurrentStatus {
  /** The status in force, or null when nothing applies yet. */
  code: string | null;
  statusAt: string | null;
  /** A terminal status is in force. */
  processed: boolean;
  /** The entries that apply, in order, with the ones set aside (and why). */
  applied: TimelineEntry[];
  setAside: { entry: TimelineEntry; why: 'duplicate-submission' }[];
}

/**
 * A 213 Rejetée with reason DOUBLON is about a repeated submission when the platform had deposited
 * (200) a submission received at another moment (MDT-95): the first, valid submission goes on, and
 * the rejection of the repeat never marks it rejected. When it is the only submission (XP Z12-014
 * UC2: the same invoice came through another channel), it applies.
 */
function rejectsADuplicateSubmission(entry: TimelineEntry, all: readonly TimelineEntry[]): boolean {
  if (entry.code !== '213' || entry.reasonCode !== 'DOUBLON') return false;
  return all.some(
    (other) =>
      other.code === '200' &&
      ((other.receivedAt !== null && entry.receivedAt !== null && other.receivedAt !== entry.receivedAt) ||
        // A deposit followed by what only a delivered invoice gets: the deposited submission lives on.
        all.some((later) => ['202', '203', '204', '205', '211', '212'].includes(later.code))),
  );
}

/**
 * The status in force: the entries ordered by their own date (MDT-78), not by arrival; the same
 * status twice counts once; a terminal status stays in force once reached (a later 211 does not undo
 * a 212 dated before it); a duplicate-submission rejection is set aside.
 */
export function currentStatus(entries: readonly TimelineEntry[]): CurrentStatus {
  const seen = new Set<string>();
  const unique: TimelineEntry[] = [];
  for (const e of entries) {
    const key = `${e.code}|${e.statusAt}|${e.reasonCode ?? ''}|${e.receivedAt ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(e);
  }
  const ordered = [...unique].sort((a, b) => (a.statusAt < b.statusAt ? -1 : a.statusAt > b.statusAt ? 1 : 0));
  const applied: TimelineEntry[] = [];
  const setAside: CurrentStatus['setAside'] = [];
  let current: TimelineEntry | null = null;
  for (const entry of ordered) {
    if (rejectsADuplicateSubmission(entry, ordered)) {
      setAside.push({ entry, why: 'duplicate-submission' });
      continue;
    }
    applied.push(entry);
    if (current && lifecycleStatus(current.code)?.terminal) continue;
    current = entry;
  }
  return {
    code: current?.code ?? null,
    statusAt: current?.statusAt ?? null,
    processed: current ? Boolean(lifecycleStatus(current.code)?.terminal) : false,
    applied,
    setAside,
  };
}
