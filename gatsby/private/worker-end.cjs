/**
 * Loaded in Gatsby's main process by standby.cjs, in every build of the site builder: a pool of Gatsby's
 * worker processes that is ended gives up the tasks no one waits for, instead of letting them fail the build
 * (ADR 055).
 *
 * Gatsby's bootstrap asks every worker to load the plugins and build its own GraphQL schema
 * (`workerPool.all.loadConfigAndPlugins`, `workerPool.all.buildSchema`) and does not wait for either: a rebuild
 * that runs its queries in the main process (GATSBY_CPU_COUNT=1, ADR 007) never uses that schema. The build ends
 * the pool after the HTML step. When that step renders no page, or reuses its compilations (ADR 054), the end comes
 * seconds sooner, and on a loaded machine the worker is still building its schema: gatsby-worker kills it after a
 * second, rejects the task, and the rejection nobody handles ends Gatsby with "Worker exited before finishing task"
 * just after it said "Done building", or a task still queued is sent into the killed worker's pipe (EPIPE).
 *
 * Here `end()` first takes the queued tasks off the queue and rejects them, and marks the rejection of every task
 * still running as handled. A caller that awaits such a task still gets its rejection; only tasks no one awaits stop
 * failing the process.
 *
 * Plain CommonJS, so Node loads it without a compiler in front.
 */
'use strict';

const registry = require('./modules.cjs');

/** Gives `WorkerPool.prototype.end` its handling of abandoned tasks; returns false for a pool of another shape. */
function settleAbandonedTasks(WorkerPool) {
  const proto = WorkerPool?.prototype;
  if (typeof proto?.end !== 'function') return false;
  if (proto.end.settlesAbandonedTasks) return true;
  const end = proto.end;
  const ended = new Error('Worker pool ended before the task ran');
  function endGivingUpTasks() {
    const queued = this.taskQueue ? [...this.taskQueue] : [];
    for (const node of queued) {
      this.taskQueue.remove(node);
      node.value.promise?.catch(() => undefined);
      node.value.reject?.(ended);
    }
    for (const worker of this.workers ?? []) worker.currentTask?.promise?.catch(() => undefined);
    return end.call(this);
  }
  endGivingUpTasks.settlesAbandonedTasks = true;
  proto.end = endGivingUpTasks;
  return true;
}

/** Installs it on the gatsby-worker that the Gatsby of `siteRoot` uses (modules.cjs); returns whether it could. */
function install(siteRoot) {
  return settleAbandonedTasks(registry.load(siteRoot, 'workerPool')?.WorkerPool);
}

module.exports = { install, settleAbandonedTasks };
