import { Router } from 'express';
import { ZAdminJobParams, type TAdminDeadJobs } from '@app/shared';
import type { AuthService } from '../auth/auth.service.js';
import { caller, requireAdmin } from '../auth/auth.middleware.js';
import { AppError } from '../http/errors.js';
import { parseInput } from '../http/validate.js';
import type { JobQueue } from './job-queue.js';

/**
 * The admins' view of the background-work queue's dead letters (docs/architecture.md, "Background
 * work"): `GET /api/admin/jobs/dead` lists the jobs that failed their last attempt with their error;
 * `POST /api/admin/jobs/:id/retry` puts one back in the queue with its attempts reset.
 */
export function jobsAdminRoutes(deps: { auth: AuthService; jobs: Pick<JobQueue, 'dead' | 'retry'> }): Router {
  const router = Router();
  const adminOnly = requireAdmin(deps.auth);

  router.get('/api/admin/jobs/dead', adminOnly, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const jobs = await deps.jobs.dead();
    const answer: TAdminDeadJobs = {
      jobs: jobs.map((job) => ({
        id: job.id,
        name: job.name,
        payload: job.payload,
        attempts: job.attempts,
        lastError: job.lastError,
        createdAt: job.createdAt.toISOString(),
        diedAt: job.finishedAt?.toISOString() ?? null,
      })),
    };
    res.json(answer);
  });

  router.post('/api/admin/jobs/:id/retry', adminOnly, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const { id } = parseInput(ZAdminJobParams, req.params);
    if (!(await deps.jobs.retry(id))) throw new AppError('not_found', 'No dead job with this id.');
    req.log?.info({ adminId: caller(req).user.id, jobId: id }, 'admin retried a dead job');
    res.json({ id, status: 'queued' });
  });

  return router;
}
