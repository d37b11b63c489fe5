// The stdio MCP server the proxy benchmarks put behind the proxy: written on the line framing
// itself (no SDK), so that it can stream a big answer in 1 MB writes, waiting while its pipe is
// full, and its own memory stays far below the proxy's. Each benchmark file runs itself with
// `--serve` as this server and says what its tools answer.

/** A mebibyte: the size of each write of a streamed answer. */
export const MB = 1024 * 1024;

/** Writes `text` to stdout, waiting while the pipe is full. */
export const write = (text) =>
  new Promise((resolve) => (process.stdout.write(text) ? resolve() : process.stdout.once('drain', resolve)));

/** Writes `message` as one line of JSON. */
export const send = (message) => write(`${JSON.stringify(message)}\n`);

/** Log-like lines, `size` chars in all, as the escaped content of a JSON string, in ~1 MB parts. */
export function* textParts(size) {
  let left = size;
  for (let i = 0; left > 0;) {
    let part = '';
    while (part.length < MB && left > 0) {
      const line = `${String(i).padStart(8, '0')} INFO request served path=/api/items/${i % 997} status=200 bytes=${(i * 7919) % 65536}\n`;
      const piece = line.length <= left ? line : line.slice(0, left);
      part += piece;
      left -= piece.length;
      i++;
    }
    yield JSON.stringify(part).slice(1, -1);
  }
}

/**
 * Serves stdin's lines until it ends: initialize (as server `name`, with `capabilities`), ping,
 * tools/list (a tool for each of `tools`, named so) and tools/call, answered by `call(id,
 * params)`, which writes the whole answer itself; anything else is "not found". Notifications
 * are read and ignored.
 */
export async function serveLines({ name, capabilities, tools, call }) {
  const { createInterface } = await import('node:readline');
  const tool = (tool) => ({ name: tool, description: `A ${tool} answer.`, inputSchema: { type: 'object' } });
  for await (const line of createInterface({ input: process.stdin })) {
    const { id, method, params } = JSON.parse(line);
    if (id === undefined) continue;
    if (method === 'initialize') {
      const serverInfo = { name, version: '1' };
      await send({ jsonrpc: '2.0', id, result: { protocolVersion: params.protocolVersion, capabilities, serverInfo } });
    } else if (method === 'ping') await send({ jsonrpc: '2.0', id, result: {} });
    else if (method === 'tools/list') await send({ jsonrpc: '2.0', id, result: { tools: tools.map(tool) } });
    else if (method === 'tools/call') await call(id, params);
    else await send({ jsonrpc: '2.0', id, error: { code: -32601, message: 'not found' } });
  }
}
