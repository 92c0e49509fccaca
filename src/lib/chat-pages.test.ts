import { describe, expect, it } from 'vitest';
import { askOperatorHref, chatHref, chatRoute, messageOperatorAboutTripHref } from './chat-pages.ts';

describe('chatRoute', () => {
  it.each([
    ['/chat', '', { page: 'list' }],
    ['/chat/', '', { page: 'list' }],
    ['/chat/c_123-abc', '', { page: 'thread', id: 'c_123-abc' }],
    ['/chat/c_123/', '', { page: 'thread', id: 'c_123' }],
    ['/chat/new', '?option=sg-ubin-kayak-42', { page: 'new', about: { option: 'sg-ubin-kayak-42' } }],
    ['/chat/new', '?operator=ubin-paddle-co', { page: 'new', about: { operatorSlug: 'ubin-paddle-co' } }],
    ['/chat/new', '?trip=abcdefgh12', { page: 'new', about: { tripId: 'abcdefgh12' } }],
    ['/chat/new', '?option=a%20b', { page: 'new', about: null }],
    ['/chat/new', '', { page: 'new', about: null }],
    ['/chat/a/b', '', { page: 'unknown' }],
    ['/chat/%E0%A4%A', '', { page: 'unknown' }],
    ['/chatter', '', { page: 'unknown' }],
  ])('%s%s', (path, search, route) => {
    expect(chatRoute(path, search)).toEqual(route);
  });

  it('reads the partner back-office base', () => {
    expect(chatRoute('/partner/messages', '', '/partner/messages')).toEqual({ page: 'list' });
    expect(chatRoute('/partner/messages/c1', '', '/partner/messages')).toEqual({ page: 'thread', id: 'c1' });
    expect(chatRoute('/partner/bookings', '', '/partner/messages')).toEqual({ page: 'unknown' });
  });

  it('builds the addresses', () => {
    expect(chatHref('c 1')).toBe('/chat/c%201');
    expect(chatHref('c1', '/partner/messages')).toBe('/partner/messages/c1');
    expect(askOperatorHref('kayak-7')).toBe('/chat/new?option=kayak-7');
    expect(messageOperatorAboutTripHref('abc')).toBe('/chat/new?trip=abc');
  });
});
