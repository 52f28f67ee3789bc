// EN 16931 rules on payment instructions (BG-16, BG-17).
import type { Rule } from '../types.js';
import { SETTLEMENT, eachRule, error, nonEmpty } from './helpers.js';

const MEANS = `${SETTLEMENT}/ram:SpecifiedTradeSettlementPaymentMeans`;

export const paymentRules: Rule[] = [
  error(
    'BR-49',
    'BT-81',
    'A Payment instruction (BG-16) shall specify the Payment means type code (BT-81).',
    eachRule(MEANS, (n, c) => nonEmpty(c, 'ram:TypeCode', n)),
  ),
  error(
    'BR-50',
    'BT-84',
    'A Payment account identifier (BT-84) shall be present if Credit transfer (BG-17) information is provided in the Invoice.',
    // Official context: the payee account of a means coded 30 or 58.
    (c) =>
      [...c.x.nodes(`${MEANS}[ram:TypeCode='30']`), ...c.x.nodes(`${MEANS}[ram:TypeCode='58']`)]
        .flatMap((m) => c.x.nodes('ram:PayeePartyCreditorFinancialAccount', m))
        .filter((a) => !nonEmpty(c, 'ram:IBANID', a) && !nonEmpty(c, 'ram:ProprietaryID', a)),
  ),
  error(
    'BR-61',
    'BT-84',
    'If the Payment means type code (BT-81) means SEPA credit transfer, Local credit transfer or Non-SEPA international credit transfer, the Payment account identifier (BT-84) shall be present.',
    // Official context: the payee account of a means coded 30 or 58 (a missing account is CII-SR-470).
    (c) =>
      [...c.x.nodes(`${MEANS}[ram:TypeCode='30']`), ...c.x.nodes(`${MEANS}[ram:TypeCode='58']`)]
        .flatMap((m) => c.x.nodes('ram:PayeePartyCreditorFinancialAccount', m))
        .filter((a) => !c.x.exists('ram:IBANID', a) && !c.x.exists('ram:ProprietaryID', a)),
  ),
];
