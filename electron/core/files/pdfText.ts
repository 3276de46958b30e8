/**
 * A PDF's text, with unpdf (Mozilla's PDF.js in a build for servers). A damaged or cut-short
 * file, one that needs a password, and a scan without a text layer each get their own sentence.
 */
import { extractText, getDocumentProxy } from 'unpdf';

export type PdfText = { ok: true; text: string; pages: number } | { ok: false; sentence: string };

export async function pdfText(bytes: Uint8Array, name: string): Promise<PdfText> {
  let document: Awaited<ReturnType<typeof getDocumentProxy>> | undefined;
  try {
    document = await getDocumentProxy(bytes, { stopAtErrors: true, verbosity: 0 });
    const { text, totalPages } = await extractText(document, { mergePages: true });
    const trimmed = text.trim();
    if (trimmed === '')
      return {
        ok: false,
        sentence: `“${name}” has no text Hearth can read (a scan is pictures of pages); attach the pages as images instead.`,
      };
    return { ok: true, text: trimmed, pages: totalPages };
  } catch (error) {
    const password = (error as { name?: string }).name === 'PasswordException';
    return {
      ok: false,
      sentence: password
        ? `“${name}” is protected by a password; open it, save a copy without one, and attach that.`
        : `“${name}” could not be read as a PDF: it may be damaged or cut short.`,
    };
  } finally {
    await document?.loadingTask.destroy().catch(() => undefined);
  }
}
