// A tiny iCalendar (RFC 5545) writer for the operators' departures feed. Written here rather
// than taken from npm: the feed needs only VCALENDAR/VEVENT with a handful of properties, and
// the three rules that matter (CRLF line ends, lines folded at 75 octets, TEXT escaping) fit in
// a few lines we can test, without a dependency and its updates. Pure.

export type IcalDate = { kind: 'date'; date: string } | { kind: 'utc'; at: Date };

export type IcalEvent = {
  uid: string;
  start: IcalDate;
  end: IcalDate;
  summary: string;
  description?: string;
  location?: string | null;
};

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines are escaped in TEXT values. */
export function escapeText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF + one space). Counted in UTF-8
 * octets, never splitting a character (a name with accents or CJK stays valid UTF-8).
 */
export function foldLine(line: string): string {
  const enc = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const n = enc.encode(ch).length;
    // The first line holds 75 octets; continuation lines 74 plus their leading space.
    if (octets + n > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const compact = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

function dateProp(name: string, d: IcalDate): string {
  return d.kind === 'date' ? `${name};VALUE=DATE:${d.date.replace(/-/g, '')}` : `${name}:${compact(d.at)}`;
}

export function icalCalendar(opts: { prodId: string; name: string; events: IcalEvent[]; now?: Date }): string {
  const stamp = compact(opts.now ?? new Date());
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${opts.prodId}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', `X-WR-CALNAME:${escapeText(opts.name)}`];
  for (const e of opts.events) {
    lines.push('BEGIN:VEVENT', `UID:${e.uid}`, `DTSTAMP:${stamp}`, dateProp('DTSTART', e.start), dateProp('DTEND', e.end), `SUMMARY:${escapeText(e.summary)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** Reads a calendar back (unfolds lines, splits properties, unescapes TEXT): for tests and checks. */
export function parseIcal(text: string): { events: Record<string, string>[]; lines: string[] } {
  const unfolded = text.replace(/\r\n[ \t]/g, '').split('\r\n').filter((l) => l !== '');
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of unfolded) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      if (current) events.push(current);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon);
      current[name] = line
        .slice(colon + 1)
        .replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
    }
  }
  return { events, lines: unfolded };
}
