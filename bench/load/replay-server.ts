/**
 * The read-limit suite's baseline: a bare node:http server in a process of its own that
 * answers each path with the bytes it was given, with only `content-type` and
 * `content-length`: the most node:http does for those bytes. Commands come over IPC.
 */
import http from 'node:http';
import { serve } from '../lib/rpc.js';
import { listen } from '../lib/suite.js';

export interface ReplayArgs {
  /** Path → body (base64) and content type. */
  responses: Record<string, { body: string; contentType: string }>;
}

serve({
  ping: () => 'pong',

  async start({ responses }: ReplayArgs): Promise<string> {
    const answers = new Map(Object.entries(responses).map(([path, { body, contentType }]) => [path, { body: Buffer.from(body, 'base64'), contentType }]));
    const server = http.createServer((req, res) => {
      const answer = answers.get(req.url ?? '');
      if (!answer) {
        res.writeHead(404, { 'content-length': 0 });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': answer.contentType, 'content-length': answer.body.length });
      res.end(answer.body);
    });
    return listen(server);
  },
});
