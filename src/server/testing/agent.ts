// A browser-like caller for account tests: keeps cookies between calls (session, CSRF, OAuth
// state, phone ticket), fetches the CSRF token like the storefront and logs in.
import type { TestApp } from './test-app.ts';
import { DEV_PASSWORD } from '../db/seed/users.ts';

type CallOpts = Parameters<TestApp['call']>[2];

export class Agent {
  readonly cookies = new Map<string, string>();
  token: string | undefined;
  private readonly t: TestApp;
  readonly ip: string;
  constructor(t: TestApp, ip = '198.51.100.10') {
    this.t = t;
    this.ip = ip;
  }

  private absorb(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || (/^expires=/i.test(a.trim()) && new Date(a.trim().slice(8)) < new Date()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async call(method: string, path: string, opts: CallOpts = {}) {
    const headers: Record<string, string> = { ...(opts?.headers ?? {}) };
    if (this.cookies.size) headers['cookie'] = this.cookieHeader();
    const r = await this.t.call(method, path, { ip: this.ip, ...opts, headers });
    this.absorb(r.res);
    return r;
  }
  get(path: string, opts?: CallOpts) {
    return this.call('GET', path, opts);
  }
  post(path: string, body?: unknown, opts?: CallOpts) {
    return this.call('POST', path, { ...opts, body });
  }
  patch(path: string, body?: unknown, opts?: CallOpts) {
    return this.call('PATCH', path, { ...opts, body });
  }
  delete(path: string, opts?: CallOpts) {
    return this.call('DELETE', path, opts);
  }

  async csrf(): Promise<string> {
    const r = await this.get('/api/v1/csrf-token');
    return (r.body as { token: string }).token;
  }

  /** A main-host call with the CSRF header, like the storefront makes it. */
  async main(method: string, path: string, body?: unknown, opts: CallOpts = {}) {
    const token = await this.csrf();
    return this.call(method, path, { ...opts, body, headers: { 'x-csrf-token': token, ...(opts?.headers ?? {}) } });
  }

  async login(email: string, password = DEV_PASSWORD) {
    const r = await this.main('POST', '/users/login', { user: { email, password } });
    if (r.status !== 200) throw new Error(`login ${email} failed: ${r.status} ${JSON.stringify(r.raw)}`);
    this.token = (r.body as { token: string }).token;
    return r;
  }
}
