import { PublicKey, Signature } from 'symbol-sdk';
import { Verifier } from 'symbol-sdk/symbol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, testChain } from '../support/server.js';

describe('GET /finalization/proof', () => {
  let server: Awaited<ReturnType<typeof startGateway>>;

  beforeAll(async () => {
    server = await startGateway({ backend: testChain({ finalizationInterval: 4 }) });
    for (let i = 0; i < 8; i++) server.chain.harvest(); // heights 2..9; rounds finalize 4 and 8
  });
  afterAll(() => server.close());

  it('answers the proof of the latest round by epoch, agreeing with /chain/info', async () => {
    const { latestFinalizedBlock } = (await server.get('/chain/info')).body;
    expect(latestFinalizedBlock).toMatchObject({ finalizationEpoch: 3, height: '8' });
    const proof = (await server.get('/finalization/proof/epoch/3')).body;
    expect(proof).toMatchObject({
      version: 1,
      finalizationEpoch: 3,
      finalizationPoint: 1,
      height: '8',
      hash: latestFinalizedBlock.hash,
    });
  });

  it('answers the same proof by height', async () => {
    const byHeight = (await server.get('/finalization/proof/height/8')).body;
    expect(byHeight).toEqual((await server.get('/finalization/proof/epoch/3')).body);
  });

  it('prevotes for every block since the previous round and precommits to the finalized one', async () => {
    const proof = (await server.get('/finalization/proof/epoch/3')).body;
    const hashes = [];
    for (const height of [5, 6, 7, 8]) hashes.push((await server.get(`/blocks/${height}`)).body.meta.hash);
    expect(proof.messageGroups.map((group: { stage: number }) => group.stage)).toEqual([0, 1]);
    expect(proof.messageGroups[0]).toMatchObject({ height: '5', hashes });
    expect(proof.messageGroups[1]).toMatchObject({ height: '8', hashes: [proof.hash] });
  });

  it('is signed by every harvester, each root key signing its bottom voting key', async () => {
    const proof = (await server.get('/finalization/proof/epoch/2')).body;
    const harvesterKeys = server.chain.harvesters.map((harvester) => harvester.publicKey);
    for (const group of proof.messageGroups) {
      expect(group.signatures.map((pair: { root: { parentPublicKey: string } }) => pair.root.parentPublicKey)).toEqual(harvesterKeys);
      for (const { root, bottom } of group.signatures) {
        const verified = new Verifier(new PublicKey(root.parentPublicKey)).verify(
          new PublicKey(bottom.parentPublicKey).bytes,
          new Signature(root.signature),
        );
        expect(verified).toBe(true);
      }
    }
  });

  it('has a proof for the nemesis block at epoch 1', async () => {
    const proof = (await server.get('/finalization/proof/epoch/1')).body;
    expect(proof).toMatchObject({ finalizationEpoch: 1, height: '1', hash: (await server.get('/blocks/1')).body.meta.hash });
  });

  it.each([
    ['/finalization/proof/epoch/99', 404],
    ['/finalization/proof/height/7', 404],
    ['/finalization/proof/epoch/abc', 409],
    ['/finalization/proof/epoch/-1', 409],
    ['/finalization/proof/height/1.5', 409],
  ])('answers %s with %i', async (path, status) => {
    const reply = await server.get(path);
    expect(reply.status).toBe(status);
  });
});
