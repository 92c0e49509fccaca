// The one call to the WhatsApp Cloud API that sign-in codes (otp.ts) and trip notices
// (whatsapp-notices.ts) both make: a template message to a number.

export type WhatsappCloudConfig = { apiUrl: string; phoneNumberId: string; accessToken: string; language: string };

/**
 * POST {api}/{phone-number-id}/messages with template `name` and its components. Answers null when
 * WhatsApp accepted it, else its status and the start of its explanation (each caller raises its
 * own error with them).
 */
export async function sendWhatsappTemplate(
  cfg: WhatsappCloudConfig,
  fetchImpl: typeof fetch,
  phoneNumber: string,
  name: string,
  components: unknown[],
): Promise<{ status: number; detail: string } | null> {
  const res = await fetchImpl(`${cfg.apiUrl}/${encodeURIComponent(cfg.phoneNumberId)}/messages`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${cfg.accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      messaging_product: 'whatsapp',
      to: phoneNumber.replace(/^\+/, ''),
      type: 'template',
      template: { name, language: { code: cfg.language }, components },
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (res.ok) return null;
  return { status: res.status, detail: (await res.text().catch(() => '')).slice(0, 300) };
}
