import { defineFamily } from '../family.js';
import { accountLinkPlugin } from './plugin.js';
import { ACCOUNT_LINK_TRANSACTIONS } from './transactions.js';

/** Account and node key links: remote harvesting accounts and node keys. */
export const accountLink = defineFamily({ name: 'account-link', plugin: accountLinkPlugin, transactions: ACCOUNT_LINK_TRANSACTIONS });
