// EN 16931 BR-DEC rules: amounts carry at most two decimals.
import type { Rule } from '../types.js';
import {
  LINES,
  LINE_NET,
  TOTALS,
  decimals,
  documentAllowanceCharges,
  error,
  lineAllowanceCharges,
  openBreakdowns,
  text,
} from './helpers.js';
import type { CheckContext } from '../types.js';
import type { XmlNode } from '../xml.js';

const tooPrecise = (nodes: XmlNode[]) => nodes.filter((n) => decimals(text(n)) > 2);
const message = (bt: string, label: string) => `The allowed maximum number of decimals for the ${label} (${bt}) is 2.`;

const onAc = (charge: boolean, line: boolean, child: string) => (c: CheckContext) =>
  tooPrecise((line ? lineAllowanceCharges(c, charge) : documentAllowanceCharges(c, charge)).flatMap((n) => c.x.nodes(child, n)));
const onPath = (path: string) => (c: CheckContext) => tooPrecise(c.x.nodes(path));

export const decimalRules: Rule[] = [
  error('BR-DEC-01', 'BT-92', message('BT-92', 'Document level allowance amount'), onAc(false, false, 'ram:ActualAmount')),
  error('BR-DEC-02', 'BT-93', message('BT-93', 'Document level allowance base amount'), onAc(false, false, 'ram:BasisAmount')),
  error('BR-DEC-05', 'BT-99', message('BT-99', 'Document level charge amount'), onAc(true, false, 'ram:ActualAmount')),
  error('BR-DEC-06', 'BT-100', message('BT-100', 'Document level charge base amount'), onAc(true, false, 'ram:BasisAmount')),
  error('BR-DEC-09', 'BT-106', message('BT-106', 'Sum of Invoice line net amount'), onPath(`${TOTALS}/ram:LineTotalAmount`)),
  error('BR-DEC-10', 'BT-107', message('BT-107', 'Sum of allowanced on document level'), onPath(`${TOTALS}/ram:AllowanceTotalAmount`)),
  error('BR-DEC-11', 'BT-108', message('BT-108', 'Sum of charges on document level'), onPath(`${TOTALS}/ram:ChargeTotalAmount`)),
  error('BR-DEC-12', 'BT-109', message('BT-109', 'Invoice total amount without VAT'), onPath(`${TOTALS}/ram:TaxBasisTotalAmount`)),
  error('BR-DEC-13', 'BT-110', message('BT-110', 'Invoice total VAT amount'), onPath(`${TOTALS}/ram:TaxTotalAmount`)),
  error('BR-DEC-14', 'BT-112', message('BT-112', 'Invoice total amount with VAT'), onPath(`${TOTALS}/ram:GrandTotalAmount`)),
  error('BR-DEC-16', 'BT-113', message('BT-113', 'Paid amount'), onPath(`${TOTALS}/ram:TotalPrepaidAmount`)),
  error('BR-DEC-17', 'BT-114', message('BT-114', 'Rounding amount'), onPath(`${TOTALS}/ram:RoundingAmount`)),
  error('BR-DEC-18', 'BT-115', message('BT-115', 'Amount due for payment'), onPath(`${TOTALS}/ram:DuePayableAmount`)),
  error('BR-DEC-19', 'BT-116', message('BT-116', 'VAT category taxable amount'), (c) =>
    tooPrecise(openBreakdowns(c).flatMap((n) => c.x.nodes('ram:BasisAmount', n))),
  ),
  error('BR-DEC-20', 'BT-117', message('BT-117', 'VAT category tax amount'), (c) =>
    tooPrecise(openBreakdowns(c).flatMap((n) => c.x.nodes('ram:CalculatedAmount', n))),
  ),
  error('BR-DEC-23', 'BT-131', message('BT-131', 'Invoice line net amount'), onPath(`${LINES}/${LINE_NET}`)),
  error('BR-DEC-24', 'BT-136', message('BT-136', 'Invoice line allowance amount'), onAc(false, true, 'ram:ActualAmount')),
  error('BR-DEC-25', 'BT-137', message('BT-137', 'Invoice line allowance base amount'), onAc(false, true, 'ram:BasisAmount')),
  error('BR-DEC-27', 'BT-141', message('BT-141', 'Invoice line charge amount'), onAc(true, true, 'ram:ActualAmount')),
  error('BR-DEC-28', 'BT-142', message('BT-142', 'Invoice line charge base amount'), onAc(true, true, 'ram:BasisAmount')),
];
