import pino from 'pino';
import type { Config } from './config.ts';

export function createLogger(config: Pick<Config, 'logLevel' | 'env'>) {
  return pino({
    level: config.logLevel,
    base: null,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.passwordHash'],
    ...(config.env === 'development' && process.stdout.isTTY
      ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss' } } }
      : {}),
  });
}
