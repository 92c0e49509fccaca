// A chat message's files (issue 17; ADR 0037): photos and PDFs. The bytes decide what a file is,
// never its name or declared type. A photo is re-encoded like the back-office's uploads
// (services/images.ts: upright, sRGB, every metadata block such as GPS dropped) to a JPEG of at
// most 2560 px; a PDF must start with the PDF signature and is kept as sent (downloaded as an
// attachment, never shown inline). Files are stored under the private prefix of the storage
// provider: only GET /chat_message_files/{id} reads them back, for the two sides and admins.
import { CHAT_FILES } from '../../../contract/chat.ts';
import { HttpError } from '../../http.ts';
import { PRIVATE_PREFIX, type FileStorage } from '../../providers/storage.ts';
import { reencodePhoto } from '../images.ts';
import { newToken } from '../secrets.ts';

export type PreparedFile = { bytes: Uint8Array; name: string; kind: 'image' | 'pdf'; contentType: string; width: number | null; height: number | null };

const fail = (message: string) => new HttpError(422, message, { fields: { files: message } });
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** A file name safe to show and to put in Content-Disposition: letters, digits, spaces, `._-`. */
function cleanName(name: string, fallback: string, ext: string): string {
  const base = name.replace(/\.[^.]*$/, '').replace(/[^\p{L}\p{N} ._-]+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 100);
  return `${base || fallback}.${ext}`;
}

/** Checks and (for photos) re-encodes one uploaded file; 422 on `files` with what is wrong. */
export async function prepareFile(file: { bytes: Uint8Array; name: string }): Promise<PreparedFile> {
  const { bytes } = file;
  if (bytes.byteLength === 0) throw fail(`“${file.name.slice(0, 80)}” is empty`);
  if (bytes.byteLength > CHAT_FILES.maxBytes) throw fail(`“${file.name.slice(0, 80)}” is too large: at most ${CHAT_FILES.maxBytes / 1024 / 1024} MB`);
  if (PDF_SIGNATURE.every((b, i) => bytes[i] === b)) {
    return { bytes, name: cleanName(file.name, 'Document', 'pdf'), kind: 'pdf', contentType: 'application/pdf', width: null, height: null };
  }
  // Any traveller can send photos: 40 megapixels (a phone's largest) bound the memory one decode
  // takes, below the back-office's limit.
  const photo = await reencodePhoto(bytes, { maxBytes: CHAT_FILES.maxBytes, maxPixels: 40_000_000, minSide: 1, maxSide: 2560, typeMessage: CHAT_FILES.typeMessage, field: 'files' });
  return { bytes: photo.data, name: cleanName(file.name, 'Photo', 'jpg'), kind: 'image', contentType: 'image/jpeg', width: photo.width, height: photo.height };
}

export type StoredFile = { id: string; key: string; position: number; name: string; kind: 'image' | 'pdf'; contentType: string; sizeBytes: number; width: number | null; height: number | null };

/** Puts the files into storage (before the message's transaction); the caller removes them if it fails. */
export async function storeFiles(storage: FileStorage, files: PreparedFile[]): Promise<StoredFile[]> {
  const out: StoredFile[] = [];
  try {
    for (const f of files) {
      const id = newToken(12);
      const key = `${PRIVATE_PREFIX}chat/${new Date().toISOString().slice(0, 7)}/${id}.${f.kind === 'pdf' ? 'pdf' : 'jpg'}`;
      await storage.put(key, f.bytes, f.contentType);
      out.push({ id, key, position: out.length, name: f.name, kind: f.kind, contentType: f.contentType, sizeBytes: f.bytes.byteLength, width: f.width, height: f.height });
    }
  } catch (err) {
    await Promise.all(out.map((f) => storage.delete(f.key).catch(() => undefined)));
    throw err;
  }
  return out;
}
