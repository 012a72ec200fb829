import { models } from 'symbol-sdk/symbol';
import * as json from '../../memory/transactions/json-format.js';
import { address, aliasAction, namespaceId, registrationType, UINT8_MAX, type Model } from '../../upstream/body-fields.js';
import { id, uint64, utf8 } from '../../upstream/transaction-fields.js';
import type { TransactionType } from '../family.js';

type Registration = Model<'NamespaceRegistrationTransactionV1'>;
type AddressAlias = Model<'AddressAliasTransactionV1'>;
type MosaicAlias = Model<'MosaicAliasTransactionV1'>;
const T = models.TransactionType;

/** The namespace registration and the address and mosaic alias transactions: their JSON both ways. */
export const NAMESPACE_TRANSACTIONS: readonly TransactionType[] = [
  {
    type: T.NAMESPACE_REGISTRATION.value,
    name: 'namespace registration',
    write: (tx: Registration) => {
      const root = tx.registrationType.value === models.NamespaceRegistrationType.ROOT.value;
      return {
        registrationType: tx.registrationType.value,
        // The same eight bytes are the root's duration or the child's parent id.
        ...(root ? { duration: json.uint64(tx.duration) } : { parentId: json.id(tx.parentId) }),
        id: json.id(tx.id),
        name: json.text(tx.name),
      };
    },
    read: (tx: Registration, fields) => {
      tx.registrationType = fields.read('registrationType', registrationType);
      // The same eight bytes are the root's duration or the child's parent id.
      if (tx.registrationType === models.NamespaceRegistrationType.ROOT) tx.duration = new models.BlockDuration(fields.read('duration', uint64));
      else tx.parentId = namespaceId(fields, 'parentId');
      tx.id = namespaceId(fields, 'id');
      tx.name = fields.read('name', utf8(UINT8_MAX));
    },
  },
  {
    type: T.ADDRESS_ALIAS.value,
    name: 'address alias',
    write: (tx: AddressAlias) => ({ namespaceId: json.id(tx.namespaceId), aliasAction: tx.aliasAction.value, address: json.address(tx.address) }),
    read: (tx: AddressAlias, fields) => {
      tx.namespaceId = namespaceId(fields, 'namespaceId');
      tx.aliasAction = fields.read('aliasAction', aliasAction);
      tx.address = new models.Address(fields.read('address', address));
    },
  },
  {
    type: T.MOSAIC_ALIAS.value,
    name: 'mosaic alias',
    write: (tx: MosaicAlias) => ({ namespaceId: json.id(tx.namespaceId), aliasAction: tx.aliasAction.value, mosaicId: json.id(tx.mosaicId) }),
    read: (tx: MosaicAlias, fields) => {
      tx.namespaceId = namespaceId(fields, 'namespaceId');
      tx.aliasAction = fields.read('aliasAction', aliasAction);
      tx.mosaicId = new models.MosaicId(fields.read('mosaicId', id));
    },
  },
];
