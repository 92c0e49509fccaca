// The words of each trip notice on WhatsApp (ADR 0046): one short text for the outbox and the
// template's body parameters, in the order the approved templates take them.
import { formatDate, formatTime } from '../../../lib/format-date.ts';
import type { WhatsappNotice } from '../../providers/whatsapp-notices.ts';

export type NoticeKind = 'booking_confirmed' | 'request_answered' | 'date_change_answered' | 'reminder';

export type NoticeFacts = {
  travellerName: string;
  orderNumber: string;
  optionName: string;
  startDate: string;
  startTime: string | null;
  meetingPoint: string | null;
  tripUrl: string;
};

const when = (date: string, time: string | null) => `${formatDate(date)}${time ? `, ${formatTime(time)}` : ''}`;
const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

/** What the notice says; `detail` is what its cause recorded (the operator's answer and note, the old date). */
export function noticeMessage(kind: NoticeKind, f: NoticeFacts, detail: Record<string, string>): WhatsappNotice {
  const hi = `Hi ${firstName(f.travellerName)},`;
  const at = when(f.startDate, f.startTime);
  const note = detail['note'] ? ` Their note: “${detail['note']}”` : '';
  switch (kind) {
    case 'booking_confirmed':
      return {
        subject: `WhatsApp: booking confirmed (${f.orderNumber})`,
        text: `${hi} your Verdant booking ${f.orderNumber} is confirmed: ${f.optionName} on ${at} (local time). Details and your voucher: ${f.tripUrl}`,
        template: kind,
        params: [firstName(f.travellerName), f.orderNumber, f.optionName, at, f.tripUrl],
      };
    case 'request_answered': {
      const yes = detail['answer'] === 'confirmed';
      return {
        subject: `WhatsApp: booking request ${yes ? 'confirmed' : 'declined'} (${f.orderNumber})`,
        text: yes
          ? `${hi} good news: the operator confirmed your request ${f.orderNumber} for ${f.optionName} on ${at} (local time). Details: ${f.tripUrl}`
          : `${hi} sorry: the operator could not confirm your request ${f.orderNumber} for ${f.optionName} on ${at}.${note} We have e-mailed you what happens to your payment: ${f.tripUrl}`,
        template: `${kind}_${yes ? 'yes' : 'no'}`,
        params: [firstName(f.travellerName), f.orderNumber, f.optionName, at, f.tripUrl],
      };
    }
    case 'date_change_answered': {
      const yes = detail['answer'] === 'accepted';
      const asked = when(detail['date'] ?? f.startDate, detail['time'] || null);
      return {
        subject: `WhatsApp: date change ${yes ? 'accepted' : 'not possible'} (${f.orderNumber})`,
        text: yes
          ? `${hi} your booking ${f.orderNumber} for ${f.optionName} has moved to ${at} (local time). Details: ${f.tripUrl}`
          : `${hi} the operator could not move your booking ${f.orderNumber} to ${asked}.${note} It stays on ${at} (local time). Details: ${f.tripUrl}`,
        template: `${kind}_${yes ? 'yes' : 'no'}`,
        params: [firstName(f.travellerName), f.orderNumber, f.optionName, yes ? at : asked, f.tripUrl],
      };
    }
    case 'reminder': {
      const meet = f.meetingPoint ?? 'see your booking for where to meet';
      return {
        subject: `WhatsApp: trip reminder (${f.orderNumber})`,
        text: `${hi} a reminder: ${f.optionName} is on ${at} (local time). Meeting point: ${meet}. Your booking ${f.orderNumber}: ${f.tripUrl}`,
        template: kind,
        params: [firstName(f.travellerName), f.optionName, at, meet, f.orderNumber, f.tripUrl],
      };
    }
  }
}
