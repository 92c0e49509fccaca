import { describe, expect, it } from 'vitest';
import { corporateEventTarget } from './corporate-link.ts';

describe('corporateEventTarget', () => {
  it('reads the event id from the path', () => {
    expect(corporateEventTarget('/corporate-events/harbourline-team-day-2027', '')).toEqual({ id: 'harbourline-team-day-2027' });
  });
  it('takes a pasted event link, a code or an id from ?event=', () => {
    expect(corporateEventTarget('/corporate-events', '?event=https%3A%2F%2Fverdant.example%2Fcorporate-events%2Facme-day-k3j9%3Fx%3D1')).toEqual({ id: 'acme-day-k3j9' });
    expect(corporateEventTarget('/corporate-events/', '?event=+HARBOURLINE-2027+')).toEqual({ typed: 'HARBOURLINE-2027' });
    expect(corporateEventTarget('/corporate-events', '?event=')).toBeNull();
    expect(corporateEventTarget('/corporate-events', '')).toBeNull();
  });
});
