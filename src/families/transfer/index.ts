import { defineFamily } from '../family.js';
import { transferPlugin } from './plugin.js';
import { TRANSFER_TRANSACTIONS } from './transactions.js';

/** Transfers: mosaics and a message from one account to another. */
export const transfer = defineFamily({ name: 'transfer', plugin: transferPlugin, transactions: TRANSFER_TRANSACTIONS });
