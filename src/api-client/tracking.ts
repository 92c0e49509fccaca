// Counting page views of experiences (POST /view-count; the server counts a visitor once a day).
import { request } from './client.ts';

export type ViewCountResponse = { counted: boolean; viewsCount: number };

export const countView = (slugCode: string) => request<ViewCountResponse>('/view-count', { method: 'POST', body: { slugCode } });
