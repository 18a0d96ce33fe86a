import { Router } from 'express';
import { adminContracts as c } from '@app/shared/contracts';
import type { AuthService } from '../auth/auth.service.js';
import { caller, requireAdmin } from '../auth/auth.middleware.js';
import { AppError } from '../http/errors.js';
import { contractRoutes, noStore } from '../http/route.js';
import { parseInput } from '../http/validate.js';
import type { JobQueue } from './job-queue.js';

/**
 * The admins' view of the background-work queue's dead letters (docs/architecture.md, "Background
 * work"): `GET /api/admin/jobs/dead` lists the jobs that failed their last attempt with their error;
 * `POST /api/admin/jobs/:id/retry` puts one back in the queue with its attempts reset.
 */
export function jobsAdminRoutes(deps: { auth: AuthService; jobs: Pick<JobQueue, 'dead' | 'retry'> }): Router {
  const router = Router();
  const route = contractRoutes(router, { admin: requireAdmin(deps.auth) });
  const before = [noStore];

  route(
    c.deadJobs,
    async () => ({
      jobs: (await deps.jobs.dead()).map((job) => ({
        id: job.id,
        name: job.name,
        payload: job.payload,
        attempts: job.attempts,
        last_error: job.lastError,
        created_at: job.createdAt.toISOString(),
        died_at: job.finishedAt?.toISOString() ?? null,
      })),
    }),
    { before },
  );

  route(
    c.retryJob,
    async ({ req, params }) => {
      // Parsed whole, so a bad id is answered as before: "id: must be a job id (a UUID)".
      const { id } = parseInput(c.retryJob.params, params);
      if (!(await deps.jobs.retry(id))) throw new AppError('not_found', 'No dead job with this id.');
      req.log?.info({ adminId: caller(req).user.id, jobId: id }, 'admin retried a dead job');
      return { id, status: 'queued' as const };
    },
    { before, own: ['params'] },
  );

  return router;
}
