import { setting } from './api.js';

/* What each transaction and receipt type is called: the families' names, which the server writes into the page. */

const NAMES = JSON.parse(setting('explorer-names')) as { transactions: Readonly<Record<string, string>>; receipts: Readonly<Record<string, string>> };

/** A transaction type's name: 16724 is 'transfer'; one the families do not know is 'type 12345'. */
export const typeName = (type: number): string => NAMES.transactions[type] || 'type ' + type;

/** A receipt type's name: 8515 is 'harvest fee'. */
export const receiptName = (type: number): string => NAMES.receipts[type] || 'type ' + type;
