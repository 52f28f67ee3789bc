// EN 16931 rules on payment instructions (BG-16, BG-17).
import type { Rule } from '../types.js';
import { SETTLEMENT, eachRule, error, nonEmpty } from './helpers.js';

const MEANS = `${SETTLEMENT}/ram:SpecifiedTradeSettlementPaymentMeans`;
/** UNTDID 4461 codes meaning credit transfer (30, 58 SEPA, 42 payment to bank account). */
const CREDIT_TRANSFER = new Set(['30', '58', '42']);

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
    eachRule(
      `${MEANS}/ram:PayeePartyCreditorFinancialAccount`,
      (n, c) => nonEmpty(c, 'ram:IBANID', n) || nonEmpty(c, 'ram:ProprietaryID', n),
    ),
  ),
  error(
    'BR-61',
    'BT-84',
    'If the Payment means type code (BT-81) means SEPA credit transfer, Local credit transfer or Non-SEPA international credit transfer, the Payment account identifier (BT-84) shall be present.',
    eachRule(
      MEANS,
      (n, c) =>
        !CREDIT_TRANSFER.has(c.x.str('ram:TypeCode', n)) ||
        nonEmpty(c, 'ram:PayeePartyCreditorFinancialAccount/ram:IBANID', n) ||
        nonEmpty(c, 'ram:PayeePartyCreditorFinancialAccount/ram:ProprietaryID', n),
    ),
  ),
];
