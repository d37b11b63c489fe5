// Reads every page of an over-cap answer through the SDK's own Client: the answer's
// resource_link names the result, and page 1 says how many pages there are.
type Block = { type: string; uri?: string };
/** What reads a resource: the SDK's Client, or a policy's own reader. */
type Reader = { readResource(params: { uri: string }): Promise<{ contents: unknown[] }> };

/** All pages of the result `reply` links to, in order (throws when it has no link). */
export async function readPages(client: Reader, reply: { content: Block[] }): Promise<string[]> {
  const link = reply.content.find((b) => b.type === 'resource_link');
  if (link?.uri === undefined) throw new Error('the answer has no link to pages');
  const read = async (k: number) =>
    ((await client.readResource({ uri: `${link.uri}?page=${k}` })).contents[0] as { text: string }).text;
  const pages = [await read(1)];
  for (let k = 2; k <= (JSON.parse(pages[0]) as { pages: number }).pages; k++) pages.push(await read(k));
  return pages;
}
