// EN 16931 rules on document-level and line-level allowances and charges (BG-20, BG-21, BG-27, BG-28).
import type { CheckContext, Rule } from '../types.js';
import type { XmlNode } from '../xml.js';
import { documentAllowanceCharges, error, lineAllowanceCharges, nonEmpty } from './helpers.js';

type Pick = (ctx: CheckContext) => XmlNode[];

const docAllowances: Pick = (c) => documentAllowanceCharges(c, false);
const docCharges: Pick = (c) => documentAllowanceCharges(c, true);
const lineAllowances: Pick = (c) => lineAllowanceCharges(c, false);
const lineCharges: Pick = (c) => lineAllowanceCharges(c, true);

const failing = (pick: Pick, holds: (n: XmlNode, c: CheckContext) => boolean) => (c: CheckContext) => pick(c).filter((n) => !holds(n, c));

const hasAmount = (n: XmlNode, c: CheckContext) => c.x.exists('ram:ActualAmount', n);
const hasReason = (n: XmlNode, c: CheckContext) => nonEmpty(c, 'ram:Reason', n) || nonEmpty(c, 'ram:ReasonCode', n);
const hasCategory = (n: XmlNode, c: CheckContext) => nonEmpty(c, "ram:CategoryTradeTax[ram:TypeCode='VAT']/ram:CategoryCode", n);

export const allowanceChargeRules: Rule[] = [
  error(
    'BR-31',
    'BT-92',
    'Each Document level allowance (BG-20) shall have a Document level allowance amount (BT-92).',
    failing(docAllowances, hasAmount),
  ),
  error(
    'BR-32',
    'BT-95',
    'Each Document level allowance (BG-20) shall have a Document level allowance VAT category code (BT-95).',
    failing(docAllowances, hasCategory),
  ),
  error(
    'BR-33',
    'BT-97',
    'Each Document level allowance (BG-20) shall have a Document level allowance reason (BT-97) or a Document level allowance reason code (BT-98).',
    failing(docAllowances, hasReason),
  ),
  error(
    'BR-36',
    'BT-99',
    'Each Document level charge (BG-21) shall have a Document level charge amount (BT-99).',
    failing(docCharges, hasAmount),
  ),
  error(
    'BR-37',
    'BT-102',
    'Each Document level charge (BG-21) shall have a Document level charge VAT category code (BT-102).',
    failing(docCharges, hasCategory),
  ),
  error(
    'BR-38',
    'BT-104',
    'Each Document level charge (BG-21) shall have a Document level charge reason (BT-104) or a Document level charge reason code (BT-105).',
    failing(docCharges, hasReason),
  ),
  error(
    'BR-41',
    'BT-136',
    'Each Invoice line allowance (BG-27) shall have an Invoice line allowance amount (BT-136).',
    failing(lineAllowances, hasAmount),
  ),
  error(
    'BR-42',
    'BT-139',
    'Each Invoice line allowance (BG-27) shall have an Invoice line allowance reason (BT-139) or an Invoice line allowance reason code (BT-140).',
    failing(lineAllowances, hasReason),
  ),
  error(
    'BR-43',
    'BT-141',
    'Each Invoice line charge (BG-28) shall have an Invoice line charge amount (BT-141).',
    failing(lineCharges, hasAmount),
  ),
  error(
    'BR-44',
    'BT-144',
    'Each Invoice line charge (BG-28) shall have an Invoice line charge reason (BT-144) or an Invoice line charge reason code (BT-145).',
    failing(lineCharges, hasReason),
  ),
  error(
    'BR-CO-21',
    'BT-97',
    'Each Document level allowance (BG-20) shall contain a Document level allowance reason (BT-97) or a Document level allowance reason code (BT-98), or both.',
    failing(docAllowances, hasReason),
  ),
  error(
    'BR-CO-22',
    'BT-104',
    'Each Document level charge (BG-21) shall contain a Document level charge reason (BT-104) or a Document level charge reason code (BT-105), or both.',
    failing(docCharges, hasReason),
  ),
  error(
    'BR-CO-23',
    'BT-139',
    'Each Invoice line allowance (BG-27) shall contain an Invoice line allowance reason (BT-139) or an Invoice line allowance reason code (BT-140), or both.',
    failing(lineAllowances, hasReason),
  ),
  error(
    'BR-CO-24',
    'BT-144',
    'Each Invoice line charge (BG-28) shall contain an Invoice line charge reason (BT-144) or an Invoice line charge reason code (BT-145), or both.',
    failing(lineCharges, hasReason),
  ),
];
