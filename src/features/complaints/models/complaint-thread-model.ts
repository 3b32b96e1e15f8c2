/** One complaint's thread (/help-center/my-complaints?id=…): the text, the answers, the attachments to download. */
import { signal } from '@preact/signals-react';
import type { ShowError } from '../../../lib/form';
import type { ComplaintThread, ComplaintsApi } from '../api/complaints-api';

export function createComplaintThreadModel(deps: {
  api: ComplaintsApi;
  showError: ShowError;
  /** Hands the file to the browser's download (lib/download-blob.ts). */
  save: (blob: Blob, name: string) => void;
}) {
  const state = signal<'loading' | 'ready' | 'failed' | 'missing'>('loading');
  const thread = signal<ComplaintThread | null>(null);
  /** The attachment being fetched, if any. */
  const fetching = signal<string | null>(null);
  let latest = 0;

  async function load(id: string): Promise<void> {
    const ticket = ++latest;
    state.value = 'loading';
    try {
      const answer = await deps.api.thread(id);
      if (ticket !== latest) return;
      thread.value = answer;
      state.value = 'ready';
    } catch (error) {
      if (ticket !== latest) return;
      // Another account's complaint, or none: the server says the same 404 for both.
      state.value = (error as { status?: number } | null)?.status === 404 ? 'missing' : 'failed';
    }
  }

  async function download(attachmentId: string): Promise<void> {
    const shown = thread.peek();
    const attachment = shown?.attachments.find((item) => item.id === attachmentId);
    if (!shown || !attachment || fetching.peek()) return;
    fetching.value = attachmentId;
    try {
      deps.save(await deps.api.attachment(shown.id, attachmentId), attachment.name);
    } catch (error) {
      deps.showError(error);
    } finally {
      fetching.value = null;
    }
  }

  return { state, thread, fetching, load, download };
}

export type ComplaintThreadModel = ReturnType<typeof createComplaintThreadModel>;
