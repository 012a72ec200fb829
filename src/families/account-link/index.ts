import { defineFamily } from '../family.js';
import { accountLinkPlugin } from './plugin.js';

/** Account and node key links: remote harvesting accounts and node keys. */
export const accountLink = defineFamily({ name: 'account-link', plugin: accountLinkPlugin });
