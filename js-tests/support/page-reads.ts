// Reading an over-cap result's budget://result pages through the SDK's own Client (of either
// SDK line), as a client of a budgeted server (or of the proxy) does.

/** What is read of a Client: its resources/read. */
interface Client {
  readResource(request: { uri: string }): Promise<{ contents: Array<{ text?: unknown }> }>;
}

/** Every page of the result at `uri` (without `?page`), read in order through `client`. */
export async function pagesAt(client: Client, uri: string): Promise<string[]> {
  const read = async (k: number) => (await client.readResource({ uri: `${uri}?page=${k}` })).contents[0].text as string;
  const pages = [await read(1)];
  for (let k = 2; k <= JSON.parse(pages[0]).pages; k++) pages.push(await read(k));
  return pages;
}

/** The JSON-RPC error a read of `uri` raises, as `{ code, message, data }`; a read that works throws. */
export async function readError(client: Client, uri: string) {
  try {
    await client.readResource({ uri });
  } catch (error) {
    const { code, message, data } = error as { code: number; message: string; data?: unknown };
    return { code, message, data };
  }
  throw new Error(`${uri} was readable`);
}
