'use strict';
// Which tool created each task. A tools/call that creates a task answers with the task instead
// of the tool's result — in MCP 2025-11-25 `{ task: { taskId, status, … } }`, whose result comes
// later from tasks/result; in the tasks extension of 2026-07-28 (`io.modelcontextprotocol/tasks`)
// `{ resultType: 'task', taskId, status, … }`, whose result comes in the `result` of the
// tasks/get that finds it completed. That result is budgeted as the tool's. withBudget and the
// proxy both remember the tool here.

/**
 * Tasks remembered at most; the oldest is forgotten first (its tasks/result is then budgeted
 * under the name `tasks/result`). Far more than a session runs at once.
 */
const MAX_TASKS = 10_000;

const isRecord = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The task id of a tools/call's answer that created a task (not a CallToolResult), or undefined. */
function createdTaskId(result) {
  if (!isRecord(result)) return undefined;
  // The extension's discriminator says it is a task whatever else the result carries (SDK v2's
  // McpServer adds an empty `content` to a tool's answer that has none).
  if (result.resultType === 'task') return typeof result.taskId === 'string' ? result.taskId : undefined;
  if (Object.hasOwn(result, 'content')) return undefined;
  return isRecord(result.task) && typeof result.task.taskId === 'string' ? result.task.taskId : undefined;
}

/** Whether `result` is a tools/call's answer that created a task (not a CallToolResult). */
const isCreatedTask = (result) => createdTaskId(result) !== undefined;

/**
 * The final result a tasks/get answer delivers (the tasks extension: a completed task carries
 * it in `result`), or undefined for a task still working, failed or cancelled.
 */
const deliveredResult = (answer) =>
  isRecord(answer) && answer.status === 'completed' && isRecord(answer.result) ? answer.result : undefined;

/**
 * `note(result, tool, args)`: when `result` (a tools/call answer) created a task, remembers
 * `tool` and the call's `args` for it and returns true. `toolOf(taskId, method?)`: the tool, or
 * `method` (default 'tasks/result', the method that delivered the result) when it is not known.
 * `argumentsOf(taskId)`: the call's arguments (undefined when not known), which the preview of the
 * task's final result reads as it reads a call's.
 */
function createTaskTools() {
  const byTask = new Map();
  return {
    note(result, tool, args) {
      const taskId = createdTaskId(result);
      if (taskId === undefined || typeof tool !== 'string') return false;
      if (byTask.size >= MAX_TASKS) byTask.delete(byTask.keys().next().value);
      byTask.set(taskId, { tool, args });
      return true;
    },
    toolOf: (taskId, method = 'tasks/result') => byTask.get(String(taskId))?.tool ?? method,
    argumentsOf: (taskId) => byTask.get(String(taskId))?.args,
  };
}

module.exports = { MAX_TASKS, isCreatedTask, deliveredResult, createTaskTools };
