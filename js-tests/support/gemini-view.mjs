// What Gemini CLI's model sees of an MCP tool result, produced by Gemini CLI's own code
// (@google/gemini-cli-core, a library): its MCP client connects to the server as the CLI does
// (its SDK Client, which validates structuredContent against the listed outputSchema), its
// tool discovery lists the tools, the tool's invocation calls it and turns the result into
// parts (text blocks wrapped in `<untrusted_context>`, a resource link as `Resource Link: …`, an
// isError result as the error text), and its ToolExecutor makes the function response the model
// is sent — cutting a single text over its 40,000-char threshold to its first 8,000 and last
// 32,000 chars. `core` is the imported package; nothing here reimplements its rules.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A Gemini CLI session against the stdio server `server` (`{ command, args, env? }`, the shape of
 * its settings' mcpServers entry) named `name`. Resolves to `{ tools, view(tool, args), close() }`:
 * `tools` the server's tools as Gemini CLI registered them; `view` calls one and resolves to
 * `{ failed, output }` — what the model is sent as the function's response (its `output`, or its
 * `error` for a failed call).
 */
export async function geminiSession(core, server, name) {
  // Its temp files (a cut result's full text) go under GEMINI_CLI_HOME: a directory of this run.
  const home = mkdtempSync(join(tmpdir(), 'gemini-view-'));
  process.env.GEMINI_CLI_HOME = home;
  const workspace = join(home, 'workspace');
  mkdirSync(workspace);
  const config = new core.Config({
    sessionId: 'clients-test',
    targetDir: workspace,
    cwd: workspace,
    debugMode: false,
    model: 'gemini-2.5-pro',
  });
  await config.storage.initialize();
  const directories = { getDirectories: () => [workspace], onDirectoriesChanged: () => () => {} };
  const client = await core.connectToMcpServer('0.61.0', name, server, false, directories, config);
  const bus = config.getMessageBus();
  const tools = await core.discoverTools(name, server, client, config, bus, { timeout: 60_000 });
  const executor = new core.ToolExecutor({ config, promptId: 'clients-test' });
  let calls = 0;

  async function view(toolName, args) {
    const tool = tools.find((t) => t.serverToolName === toolName);
    if (tool === undefined) throw new Error(`Gemini CLI did not register ${toolName}`);
    const invocation = tool.createInvocation(args, bus);
    const result = await invocation.execute({ abortSignal: new AbortController().signal });
    const callId = `call-${++calls}`;
    const request = { callId, name: tool.name, args, isClientInitiated: false, prompt_id: 'clients-test' };
    const call = { status: 'executing', request, tool, invocation, startTime: Date.now() };
    const done =
      result.error === undefined
        ? await executor.createSuccessResult(call, result)
        : executor.createErrorResult(call, new Error(result.error.message), result.error.type, result.returnDisplay);
    const response = done.response.responseParts[0].functionResponse.response;
    return { failed: done.status === 'error', output: response.output ?? response.error };
  }

  return { tools, view, close: () => client.close() };
}

/** The text blocks of a Gemini CLI output without the `<untrusted_context>` envelope it wraps each in. */
export function unwrapped(output) {
  const match = /^<untrusted_context>\n([^]*)\n<\/untrusted_context>/.exec(output);
  return match === null ? undefined : match[1];
}
