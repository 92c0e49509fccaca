// What the back-office's API tests share: a site builder that records what it was asked to build
// (the pipeline's own tests cover real builds), and signed-in agents for every kind of user.
import pino from 'pino';
import { QUEUES } from '../jobs/queue.ts';
import { publishHandler, type SiteBuilder } from '../services/publish.ts';
import { Agent } from './agent.ts';
import type { TestApp } from './test-app.ts';

export function recordingSite(t: () => TestApp) {
  const built: { type: string; key: string }[][] = [];
  const site: SiteBuilder = {
    async publish(changes) {
      built.push(changes);
      return { pages: 1, seconds: 0, mode: 'test' };
    },
    async preview(_ref, _record, runId) {
      return { url: `/preview/${runId}/` };
    },
  };
  const log = pino({ level: 'silent' });
  /** Runs the queued publishes through the recording builder. */
  const runPipeline = () => t().jobs.runDue(QUEUES.sitePublish.name, publishHandler({ db: t().db, log, site }));
  return { built, site, log, runPipeline };
}

/** Two admins (two editors of one record), a traveller, a partner and a guest; `ip` tells test files apart. */
export async function backOfficeAgents(t: TestApp, ip: (n: number) => string) {
  const admin = new Agent(t, ip(0));
  await admin.login('admin@verdant.test');
  const admin2 = new Agent(t, ip(1));
  await admin2.login('admin@verdant.test');
  const traveller = new Agent(t, ip(2));
  await traveller.login('traveller@verdant.test');
  const partner = new Agent(t, ip(3));
  await partner.login('partner@verdant.test');
  return { admin, admin2, traveller, partner, guest: new Agent(t, ip(4)) };
}
