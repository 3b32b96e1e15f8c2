/**
 * The frame's stages that only the later code leads to (frame-later.ts): the browser's Kirish
 * accounts, found through storage access, and the sign-in popup the browser blocked. Shipped in
 * that download, so the frame's first page (with its budget, test/budget.test.ts) holds one lazy
 * view for both instead of two.
 */
import type { EmbedModel, EmbedStage } from '../models/embed-model';
import BrowserAccountsView from './browser-accounts-view';
import PopupNeeded from './popup-needed';

export type LaterStage = Extract<EmbedStage, { name: 'accounts' | 'popup' }>;

export default function LaterStageView({ stage, model }: { stage: LaterStage; model: EmbedModel }) {
  return stage.name === 'accounts' ? (
    <BrowserAccountsView accounts={stage.accounts} onJoined={model.joined} onOther={model.other} />
  ) : (
    <PopupNeeded open={stage.open} onBack={model.other} />
  );
}
