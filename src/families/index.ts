/**
 * The registry: every transaction family, in the order their rules run (the core's first, as
 * in catapult). Each part of the system that needs something of the families reads it here.
 */
import { accountLink } from './account-link/index.js';
import { aggregate } from './aggregate/index.js';
import { core } from './core/index.js';
import { lockHash } from './lock-hash/index.js';
import { lockSecret } from './lock-secret/index.js';
import { metadata } from './metadata/index.js';
import { mosaic } from './mosaic/index.js';
import { multisig } from './multisig/index.js';
import { namespace } from './namespace/index.js';
import { restrictionAccount } from './restriction-account/index.js';
import { restrictionMosaic } from './restriction-mosaic/index.js';
import { transfer } from './transfer/index.js';

export const FAMILIES = [core, transfer, mosaic, namespace, lockSecret, restrictionAccount, restrictionMosaic, aggregate, multisig, lockHash, metadata, accountLink] as const;

export type { FamilyDescriptor } from './family.js';
