import { describe, expect, it } from 'vitest';
import { assertMatchesSpec, findPathTemplate, specsDocumenting } from './openapi.js';

const hex = (bytes: number, digit = 'A'): string => digit.repeat(bytes * 2);

/** A hand-built BlockInfoDTO (plain, non-importance block) with every required field. */
function blockInfo(hash = hex(32)) {
  return {
    id: '5FD1A2B3C4D5E6F708192A3B',
    meta: {
      hash,
      totalFee: '0',
      generationHash: hex(32, 'B'),
      stateHashSubCacheMerkleRoots: [hex(32, 'C')],
      totalTransactionsCount: 0,
      transactionsCount: 0,
      statementsCount: 0,
    },
    block: {
      size: 1120,
      signature: hex(64, 'D'),
      signerPublicKey: hex(32, 'E'),
      version: 1,
      network: 152,
      type: 33091,
      height: '1',
      timestamp: '0',
      difficulty: '100000000000000',
      proofGamma: hex(32, 'F'),
      proofVerificationHash: hex(16, '1'),
      proofScalar: hex(32, '2'),
      previousBlockHash: hex(32, '0'),
      transactionsHash: hex(32, '3'),
      receiptsHash: hex(32, '4'),
      stateHash: hex(32, '5'),
      beneficiaryAddress: '98069B68D6FC4EDB71CB0B3BF9AD99D2B4626A9C09BC1F1B',
      feeMultiplier: 0,
    },
  };
}

describe('assertMatchesSpec', () => {
  it('accepts /node/health for both documented statuses and rejects bad enum values', () => {
    const body = { status: { apiNode: 'up', db: 'up' } };
    expect(() => assertMatchesSpec('GET', '/node/health', 200, body)).not.toThrow();
    expect(() => assertMatchesSpec('GET', '/node/health', 503, body)).not.toThrow();
    expect(() =>
      assertMatchesSpec('GET', '/node/health', 200, { status: { apiNode: 'sideways', db: 'up' } }),
    ).toThrow(/GET \/node\/health.*200[\s\S]*body\/status\/apiNode/);
  });

  it('validates BlockInfoDTO including uppercase-only hex', () => {
    expect(() => assertMatchesSpec('GET', '/blocks/1', 200, blockInfo())).not.toThrow();
    expect(() => assertMatchesSpec('GET', '/blocks/1', 200, blockInfo(hex(32, 'a')))).toThrow(
      /body\/meta\/hash must match format "hex"/,
    );
    const { meta: _meta, ...withoutMeta } = blockInfo();
    expect(() => assertMatchesSpec('GET', '/blocks/1', 200, withoutMeta)).toThrow(/meta/);
  });

  it('validates a BlockPage, ignoring the query string', () => {
    const page = { data: [blockInfo()], pagination: { pageNumber: 1, pageSize: 10 } };
    expect(() => assertMatchesSpec('GET', '/blocks?pageSize=10', 200, page)).not.toThrow();
    expect(() => assertMatchesSpec('GET', '/blocks?pageSize=10', 200, { data: [blockInfo()] })).toThrow(
      /pagination/,
    );
  });

  it('resolves refs that point into #/paths (/network/inflation)', () => {
    const entry = { startHeight: '1', rewardAmount: '100' };
    expect(() => assertMatchesSpec('GET', '/network/inflation', 200, [entry])).not.toThrow();
    expect(() => assertMatchesSpec('GET', '/network/inflation', 200, [{ startHeight: '1' }])).toThrow(
      /rewardAmount/,
    );
  });

  it('requires error bodies to be exactly { code, message }', () => {
    expect(() =>
      assertMatchesSpec('GET', '/blocks/99', 404, { code: 'ResourceNotFound', message: 'x' }),
    ).not.toThrow();
    expect(() => assertMatchesSpec('GET', '/blocks/99', 404, { code: 'X' })).toThrow(/message/);
    expect(() =>
      assertMatchesSpec('GET', '/blocks/99', 404, { code: 'X', message: 'y', stack: '...' }),
    ).toThrow(/additional properties/);
    // Undocumented error status on a known route falls back to the error-body rule.
    expect(() => assertMatchesSpec('GET', '/blocks/1', 500, { code: 'Internal', message: 'x' })).not.toThrow();
    expect(() => assertMatchesSpec('GET', '/blocks/1', 500, { error: 'x' })).toThrow();
  });

  it('throws for unknown routes and undocumented success statuses', () => {
    expect(() => assertMatchesSpec('GET', '/not/a/symbol/route', 200, {})).toThrow(/no such route/);
    expect(() => assertMatchesSpec('GET', '/blocks/1', 201, blockInfo())).toThrow(/status not documented/);
    // An app's own route may still return a well-formed error.
    expect(() => assertMatchesSpec('GET', '/not/a/symbol/route', 404, { code: 'X', message: 'y' })).not.toThrow();
  });
});

describe('assertMatchesSpec against the head spec (OpenAPI 3.1)', () => {
  const secretLock = {
    id: '5FD1A2B3C4D5E6F708192A3B',
    lock: {
      version: 1, ownerAddress: '98069B68D6FC4EDB71CB0B3BF9AD99D2B4626A9C09BC1F1B', mosaicId: '72C0212E67A08BCE', amount: '1000000',
      endHeight: '500', status: 0, hashAlgorithm: 0, secret: hex(32, 'C'), recipientAddress: '98069B68D6FC4EDB71CB0B3BF9AD99D2B4626A9C09BC1F1B', compositeHash: hex(32, 'D'),
    },
  };

  it('checks a route only the head spec documents (POST /lock/secret)', () => {
    expect(specsDocumenting('POST', '/lock/secret', 200)).toEqual(['head']);
    expect(() => assertMatchesSpec('POST', '/lock/secret', 200, [secretLock])).not.toThrow();
    expect(() => assertMatchesSpec('POST', '/lock/secret', 200, [{ id: secretLock.id }])).toThrow(/spec \(head\)[\s\S]*body\/0 must have required property 'lock'/);
  });

  it('checks a route both specs document against each: a body the head spec rejects fails', () => {
    expect(specsDocumenting('GET', '/lock/secret/AB', 200)).toEqual(['1.0.5', 'head']);
    const withoutComposite = { ...secretLock, lock: { ...secretLock.lock, compositeHash: undefined } };
    expect(() => assertMatchesSpec('GET', `/lock/secret/${hex(32, 'D')}`, 200, withoutComposite)).toThrow(/compositeHash/);
  });

  it('holds a plain-text answer to its documented content type and schema', () => {
    const supply = '8999999999.000000';
    const ok = { contentType: 'text/plain; charset=utf-8', text: supply };
    expect(() => assertMatchesSpec('GET', '/network/currency/supply/max', 200, supply, ok)).not.toThrow();
    expect(() => assertMatchesSpec('GET', '/network/currency/supply/max', 200, supply, { ...ok, contentType: 'application/json' })).toThrow(/content type application\/json is not the documented text\/plain/);
    expect(() => assertMatchesSpec('GET', '/network/currency/supply/max', 200, '9', { ...ok, text: '9' })).toThrow(/must match pattern/);
  });

  it('takes any content type for a binary answer (*/*), and requires JSON where the spec documents it', () => {
    expect(() => assertMatchesSpec('GET', '/metadata/metal/Fe1', 200, 'PNG', { contentType: 'image/png', text: 'PNG' })).not.toThrow();
    expect(() => assertMatchesSpec('GET', '/node/health', 200, { status: { apiNode: 'up', db: 'up' } }, { contentType: 'text/plain' })).toThrow(/not the documented application\/json/);
  });

  it('corrects the head spec only where catapult-rest answers otherwise (errata)', () => {
    expect(() => assertMatchesSpec('GET', '/network/inflation/at/0', 200, { startHeight: 'N/A', rewardAmount: '0' })).not.toThrow();
    expect(() => assertMatchesSpec('GET', '/network/inflation/at/0', 200, { startHeight: '0', rewardAmount: '0' })).toThrow(/\(head\)[\s\S]*startHeight/);
    expect(() => assertMatchesSpec('POST', '/transactionStatus', 200, [{ group: 'unconfirmed', code: 'Success', hash: hex(32), deadline: '1', height: '0' }])).not.toThrow();
  });
});

describe('findPathTemplate', () => {
  it('maps concrete URLs to spec templates, preferring literal segments', () => {
    expect(findPathTemplate('/blocks/12?pageSize=10')).toBe('/blocks/{height}');
    expect(findPathTemplate('/node/info')).toBe('/node/info');
    expect(findPathTemplate('/namespaces/names')).toBe('/namespaces/names');
    expect(findPathTemplate('/namespaces/85BBEA6CC462B244')).toBe('/namespaces/{namespaceId}');
    expect(findPathTemplate('/accounts/T%41DP6C2G')).toBe('/accounts/{accountId}');
    expect(findPathTemplate('/nope')).toBeUndefined();
  });
});
