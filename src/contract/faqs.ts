// FAQs: GET /faqs?option=<slugCode>. Without `option`: the general (site-wide) FAQs.
import { z } from 'zod';
import { PageQuery, Slug, listResponse } from './common.ts';

export const FaqSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  position: z.number().int(),
});
export type Faq = z.infer<typeof FaqSchema>;

export const ListFaqsQuery = PageQuery.extend({ option: Slug.optional() });
export type ListFaqsQuery = z.infer<typeof ListFaqsQuery>;
export const ListFaqsResponse = listResponse('faqs', FaqSchema);
export type ListFaqsResponse = z.infer<typeof ListFaqsResponse>;
