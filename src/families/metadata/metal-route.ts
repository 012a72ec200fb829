import type { MetadataRepository } from '../../backend/metadata.js';
import { InvalidArgumentError } from '../../errors.js';
import { RawAnswer } from '../../http/raw-answer.js';
import { singleParam } from '../../http/query.js';
import type { Router } from '../../http/router.js';
import type { RouteSettings } from '../../routes/settings.js';
import { parseSeal, readMetal, type Metal } from './metal.js';
import { MetalCache } from './metal-cache.js';

const OCTET_STREAM = 'application/octet-stream';

/**
 * `GET /metadata/metal/{metalId}`: the file a Metal keeps, as catapult-rest 2.5 answers it. Its
 * media type is `?mimeType`, else the seal's, else application/octet-stream; Content-Disposition
 * is `attachment` for `?download=true` or an octet stream, else `inline`, with `?fileName` or the
 * seal's name; the Metal's text (its seal) goes in `Content-MetalText`. Not a pure route: a Metal
 * read is kept `metal.cacheTtl` seconds, whatever the chain does meanwhile (as catapult-rest does).
 */
export function metalRoute(router: Router, metadata: MetadataRepository, settings: RouteSettings): void {
  const { sizeLimit } = settings.metal;
  const cache = new MetalCache(settings.metal);
  const read = async (compositeHash: string) => (await metadata.find([compositeHash]))[0]?.metadataEntry;

  router.get('/metadata/metal/:metalId', async (ctx) => {
    const metalId = ctx.params.metalId;
    const mimeType = singleParam(ctx.query, 'mimeType');
    if (mimeType !== undefined && !MEDIA_TYPE.test(mimeType)) throw new InvalidArgumentError('mimeType must be a media type such as image/png');
    const fileName = singleParam(ctx.query, 'fileName');
    const download = singleParam(ctx.query, 'download');
    let metal = cache.get(metalId);
    if (metal === undefined) {
      metal = await readMetal(metalId, read, sizeLimit);
      cache.keep(metalId, metal);
    }
    return answerOf(metal, { mimeType, fileName, download: download === 'true' });
  });
}

function answerOf(metal: Metal, asked: { mimeType?: string; fileName?: string; download: boolean }): RawAnswer {
  const seal = parseSeal(metal.text);
  const sealType = seal?.mimeType !== undefined && MEDIA_TYPE.test(seal.mimeType) ? seal.mimeType : undefined;
  const contentType = asked.mimeType || sealType || OCTET_STREAM;
  const fileName = asked.fileName || seal?.name;
  const attachment = asked.download || contentType === OCTET_STREAM;
  const headers: Record<string, string> = {
    'content-disposition': `${attachment ? 'attachment;' : 'inline;'}${fileName ? ` ${fileNameParameters(fileName)}` : ''}`,
    // A file anyone stored, shown from the gateway's origin: no script of it runs there.
    'content-security-policy': 'sandbox',
  };
  if (metal.text) headers['content-metaltext'] = headerText(metal.text);
  return new RawAnswer(contentType, metal.payload, headers);
}

/** A media type as a header can carry it: printable ASCII with a slash (parameters allowed). */
const MEDIA_TYPE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:\s*;[\x20-\x7e]*)?$/;

/** `filename="…"` as catapult-rest writes it; a name beyond printable ASCII also as `filename*` (RFC 6266), its quoted form with `_` for what ASCII lacks. */
function fileNameParameters(name: string): string {
  const quoted = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '\\$&');
  return /^[\x20-\x7e]*$/.test(name) ? `filename="${quoted}"` : `filename="${quoted}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A text as a header value: its UTF-8 bytes (one latin1 character each, which node writes as they are), control characters as spaces. */
function headerText(text: string): string {
  return Buffer.from(text.replace(/[\x00-\x08\x0a-\x1f\x7f]/g, ' '), 'utf8').toString('latin1');
}
