/**
 * symbol-sdk 2.0.7 as a wallet process of its own, for tests that need what node reads only at
 * start (`NODE_EXTRA_CA_CERTS`: a test's CA): `node --import tsx sdk2-process.ts <url>` reads the
 * chain and the network through `RepositoryFactoryHttp`, opens its `Listener`, prints
 * `open {height, networkType, generationHash}`, then `block {height}` for the first new block the
 * Listener brings, and exits. Any error is printed as `error <message>` with exit code 1.
 */
import { RepositoryFactoryHttp } from 'symbol-sdk-v2';
import { firstValueFrom } from 'rxjs'; // symbol-sdk 2's own dependency

const url = process.argv[2];
try {
  const factory = new RepositoryFactoryHttp(url);
  const info = await firstValueFrom(factory.createChainRepository().getChainInfo());
  const networkType = await firstValueFrom(factory.getNetworkType());
  const generationHash = await firstValueFrom(factory.getGenerationHash());
  const listener = factory.createListener();
  await listener.open();
  const block = firstValueFrom(listener.newBlock());
  console.log(`open ${JSON.stringify({ height: info.height.toString(), networkType, generationHash })}`);
  const { height } = await block;
  console.log(`block ${JSON.stringify({ height: height.toString() })}`);
  listener.close();
  process.exit(0);
} catch (error) {
  console.log(`error ${(error as Error).message}`);
  process.exit(1);
}
