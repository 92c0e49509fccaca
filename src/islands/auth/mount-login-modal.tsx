// Loaded when the login modal first opens (src/islands/overlays/boot.ts): renders the log-in
// flow inline (no redirect; sign-up inline) into the modal's body and keeps its heading in step.
// Each opening starts again at the email step.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { $isLoginModalOpen, closeLoginModal } from '../../stores/ui.ts';
import LoginFlow from './LoginFlow.tsx';

let root: Root | undefined;

function ModalLogin({ title }: { title: HTMLElement }) {
  const open = useStore($isLoginModalOpen);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (open) setRound((r) => r + 1);
  }, [open]);
  if (!open) return null;
  return <LoginFlow key={round} inline onTitle={(t) => (title.textContent = t)} onDone={closeLoginModal} />;
}

export function mountLoginModal(body: HTMLElement, title: HTMLElement): void {
  if (root) return;
  root = createRoot(body);
  root.render(<ModalLogin title={title} />);
}
