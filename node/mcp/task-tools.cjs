'use strict';
// Which tool created each task. A task-augmented tools/call (MCP tasks) answers
// `{ task: { taskId, status, … } }`; the tool's result comes later from tasks/result, and is
// budgeted as that tool's result. withBudget and the proxy both remember the tool here.

/**
 * Tasks remembered at most; the oldest is forgotten first (its tasks/result is then budgeted
 * under the name `tasks/result`). Far more than a session runs at once.
 */
const MAX_TASKS = 10_000;

/** Whether `result` is a tools/call's answer that created a task (not a CallToolResult). */
const isCreatedTask = (result) =>
  typeof result === 'object' &&
  result !== null &&
  typeof result.task === 'object' &&
  result.task !== null &&
  typeof result.task.taskId === 'string' &&
  !Object.hasOwn(result, 'content');

/**
 * `note(result, tool)`: when `result` (a tools/call answer) created a task, remembers `tool` for
 * it and returns true. `toolOf(taskId)`: the tool, or 'tasks/result' when it is not known.
 */
function createTaskTools() {
  const byTask = new Map();
  return {
    note(result, tool) {
      if (!isCreatedTask(result) || typeof tool !== 'string') return false;
      if (byTask.size >= MAX_TASKS) byTask.delete(byTask.keys().next().value);
      byTask.set(result.task.taskId, tool);
      return true;
    },
    toolOf: (taskId) => byTask.get(String(taskId)) ?? 'tasks/result',
  };
}

module.exports = { MAX_TASKS, isCreatedTask, createTaskTools };
